#pragma once
// Internal to the static chain searches (chains.cpp): the tree of one breadth-first search,
// forcing chain or cycle. Each instance is a node and the instance it was reached from
// (-1: the source), so a chain is read back from its last instance; a node's stamp equals
// search_stamp once it is visited in the current search. The frontiers hold the instances
// of the current layer and of the next one. Inline: the searches' inner loops use it.
#include <cstddef>
#include <vector>

namespace sudoforge::grader::detail {

struct SearchTree {
  // Instances of the current search: a node and the instance it was reached from.
  struct Instance {
    int node, parent;
  };
  // Sized before each search to its bound (see reserve_search), written by index: the
  // searches run tens of thousands of times a puzzle, and push_back was a tenth of them.
  std::vector<Instance> instances;
  int instance_count = 0;
  std::vector<int> seen_stamp;  // per node stamp
  int search_stamp = 0;
  std::vector<int> frontier, next_frontier;

  // Room for the stamps of `nn` nodes.
  void reset_nodes(size_t nn) {
    if (seen_stamp.size() < nn) seen_stamp.assign(nn, 0);
  }
  int new_instance(int node, int parent) {
    instances[instance_count] = Instance{node, parent};
    return instance_count++;
  }
  // Room for a search of at most `insts` instances and `layer` per layer.
  void reserve_search(size_t insts, size_t layer) {
    if (instances.size() < insts) instances.resize(insts);
    if (frontier.size() < layer) {
      frontier.resize(layer);
      next_frontier.resize(layer);
    }
  }
  int instance_node(int i) const { return instances[i].node; }
  int instance_parent(int i) const { return instances[i].parent; }
  bool is_ancestor(int inst, int node) const {
    for (int p = inst; p >= 0; p = instances[p].parent) {
      if (instances[p].node == node) return true;
    }
    return false;
  }
};

}  // namespace sudoforge::grader::detail
