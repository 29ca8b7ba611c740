"""The plan in the window: the graph (view, scene, items, edges, groups, look, toolbar,
banner), its edits and drags (edits, graph_edits, node_moves, graph_steps, step_actions),
the outline and the revision diff."""
