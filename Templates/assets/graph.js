// The kind filter of a game's graph page (graph.html). Without this script the whole graph shows
// and the filter stays hidden; with it, unticking a kind hides its nodes and their connections.
(function () {
  "use strict";
  var filter = document.querySelector(".graph-filter");
  var svg = document.querySelector(".graph-page .graph-svg");
  if (!filter || !svg) return;
  var boxes = Array.prototype.slice.call(filter.querySelectorAll("input[type=checkbox]"));
  var nodes = Array.prototype.slice.call(svg.querySelectorAll(".graph-node"));
  var edges = Array.prototype.slice.call(svg.querySelectorAll(".graph-edges line"));

  function kindsOf(element, prefix) {
    var kinds = [];
    element.getAttribute("class").split(/\s+/).forEach(function (name) {
      if (name.indexOf(prefix) === 0 && /^\d+$/.test(name.slice(prefix.length))) kinds.push(name.slice(prefix.length));
    });
    return kinds;
  }

  function update() {
    var hidden = {};
    boxes.forEach(function (box) { if (!box.checked) hidden[box.value] = true; });
    nodes.forEach(function (node) {
      var off = kindsOf(node, "graph-k").some(function (kind) { return hidden[kind]; });
      if (off) node.setAttribute("display", "none"); else node.removeAttribute("display");
    });
    edges.forEach(function (edge) {
      var off = kindsOf(edge, "graph-ek").some(function (kind) { return hidden[kind]; });
      if (off) edge.setAttribute("display", "none"); else edge.removeAttribute("display");
    });
  }

  boxes.forEach(function (box) { box.addEventListener("change", update); });
  filter.hidden = false;
  update();
})();
