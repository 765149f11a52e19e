import ast
import os

import sudoforge
from sudoforge import _sudoforge

STUB = os.path.join(os.path.dirname(sudoforge.__file__), "__init__.pyi")


def stub_names():
    """Top-level names of the stub, and the members of each class it declares."""
    tree = ast.parse(open(STUB).read())
    top, members = set(), {}
    for node in tree.body:
        if isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            top.add(node.name)
        elif isinstance(node, ast.AnnAssign):
            top.add(node.target.id)
        if isinstance(node, ast.ClassDef):
            members[node.name] = {
                n.name if isinstance(n, ast.FunctionDef) else n.target.id
                for n in node.body
                if isinstance(n, (ast.FunctionDef, ast.AnnAssign))
            }
    return top, members


def public(names):
    return {n for n in names if not n.startswith("_") or n == "__version__"}


def test_every_public_name_of_the_extension_is_typed():
    top, members = stub_names()
    exported = public(dir(_sudoforge))
    assert exported - top == set()
    assert top - exported == set()
    for name in exported:
        value = getattr(_sudoforge, name)
        if isinstance(value, type) and not issubclass(value, BaseException):
            missing = public(vars(value)) - members[name]
            assert missing == set(), name


def test_the_package_exports_the_extension():
    assert set(sudoforge.__all__) == public(dir(_sudoforge))
    assert sudoforge.__version__.count(".") == 2
    assert os.path.exists(os.path.join(os.path.dirname(sudoforge.__file__), "py.typed"))
