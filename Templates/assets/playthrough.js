/* Questlog default theme: progress that follows one playthrough.
   Plain script, no dependencies; works from file:// and any sub-path. Without it the pages show
   the first playthrough's state in kind tables and, on entry pages, spoilers as every playthrough
   has earned them.

   What it reads from the markup:
   - select[name=playthrough] inside a kind table's [data-filters] panel, with data-yes and data-no
     (the words of a state cell). Rows carry tr[data-done-<field>="id id"]: the playthroughs that
     have done the field. Choosing one rewrites each row's data-<field> and its td[data-key=<field>]
     cell, then sends "questlog:refresh" to the panel so the filters apply again.
   - On an entry page, .notes[data-done-in="id id"] (and data-spoiler-until): with a playthrough
     chosen, its spoiler callouts open when that playthrough has done the entry, and a
     spoiler_until entry's notes are revealed.
   The choice is kept in the address, ?playthrough=<id>, so links and reloads keep it. */
(function () {
  "use strict";

  function toArray(list) {
    return Array.prototype.slice.call(list);
  }

  function chosen() {
    var match = /[?&]playthrough=([^&#]*)/.exec(window.location.search);
    return match ? decodeURIComponent(match[1].replace(/\+/g, " ")) : null;
  }

  function has(list, id) {
    return (" " + (list || "") + " ").indexOf(" " + id + " ") !== -1;
  }

  // Keeps the choice in the address without a reload; browsers that refuse it for file:// pages
  // keep the page as it is.
  function remember(id) {
    var search = window.location.search.replace(/^\?/, "").split("&").filter(function (part) {
      return part && part.indexOf("playthrough=") !== 0;
    });
    search.push("playthrough=" + encodeURIComponent(id));
    try {
      window.history.replaceState(window.history.state, "", "?" + search.join("&") + window.location.hash);
    } catch (error) {
      // An opaque origin may not rewrite its address: the choice lasts as long as the page.
    }
  }

  // ---------- Kind tables ----------

  function followTable(select) {
    var filters = select.closest("[data-filters]");
    var table = (select.closest("main") || document).querySelector("table[data-entries]");
    if (!table || !table.tBodies.length) return;
    var yes = select.getAttribute("data-yes") || "Yes";
    var no = select.getAttribute("data-no") || "No";

    function show(id) {
      toArray(table.tBodies[0].rows).forEach(function (row) {
        toArray(row.attributes).forEach(function (attribute) {
          var match = /^data-done-(.+)$/.exec(attribute.name);
          if (!match) return;
          var done = has(attribute.value, id);
          row.setAttribute("data-" + match[1], done ? "true" : "false");
          var key = match[1].replace(/-/g, "_");
          var cell = row.querySelector('td[data-key="' + key + '"]') || row.querySelector('td[data-key="' + match[1] + '"]');
          if (!cell) return;
          cell.setAttribute("data-sort", done ? "1" : "0");
          var mark = cell.querySelector(".bool");
          if (mark) {
            mark.className = "bool bool-" + (done ? "yes" : "no");
            mark.textContent = done ? yes : no;
          }
        });
      });
      if (filters) filters.dispatchEvent(new CustomEvent("questlog:refresh"));
    }

    var wanted = chosen();
    if (wanted && toArray(select.options).some(function (option) { return option.value === wanted; })) {
      select.value = wanted;
    }
    show(select.value);
    select.addEventListener("change", function () {
      remember(select.value);
      show(select.value);
    });
  }

  // ---------- Entry pages ----------

  function followNotes(notes) {
    var id = chosen();
    if (!id) return;
    var done = has(notes.getAttribute("data-done-in"), id);
    toArray(notes.querySelectorAll("details.callout-spoiler")).forEach(function (details) {
      details.open = done;
    });
    if (notes.hasAttribute("data-spoiler-until")) {
      var reveal = notes.querySelector(".spoiler-toggle");
      if (reveal) reveal.checked = done;
    }
  }

  function start() {
    toArray(document.querySelectorAll("[data-filters] select[name=playthrough]")).forEach(followTable);
    toArray(document.querySelectorAll(".notes[data-done-in]")).forEach(followNotes);
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }
})();
