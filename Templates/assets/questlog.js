/* Questlog default theme: live filtering and sorting of kind index tables.
   Plain script, no dependencies, no build step; works from file:// and any sub-path.
   Without it every page is complete: the whole table shows and nothing is hidden.

   What it reads from the markup (templates that keep these keep working):
   - table[data-entries][data-sort-label="Sort by {column}"]: thead th[data-type=text|number|bool|date]
     get a sort button; body cells sort by their data-sort attribute (else their text).
   - its rows: tr[data-<field>="true|false"] for each bool field, tr[data-tags="slug slug"].
   - the nearest [data-filters] panel (hidden until the script runs), holding input[type=search],
     input[data-field][data-value] toggles, input[data-tag] tag boxes, .filter-tags-more (details),
     .filter-tags-count, .filter-status[data-template="{shown} of {total}"][data-empty] and
     button[data-filter-reset].
   - .table-wrap: focusable only while it scrolls.
   - .notes li > input[type=checkbox]: task list boxes, named after their item. */
(function () {
  "use strict";

  // ---------- Text folding ----------
  // Case-, width- and accent-insensitive matching: Latin letters lose their marks ("Varré" -> "varre",
  // "Đinh Thị" -> "dinh thi"), while marks of other scripts stay, so Devanagari vowel signs and
  // Japanese voiced kana keep their meaning.

  var LATIN_MARKS = latinMarksPattern();
  var LETTERS = { "đ": "d", "ð": "d", "ł": "l", "ø": "o", "æ": "ae", "œ": "oe", "ß": "ss", "ı": "i", "þ": "th" };
  var LETTER_PATTERN = /[đðłøæœßıþ]/g;

  function latinMarksPattern() {
    try {
      return new RegExp("(\\p{Script=Latin})\\p{M}+", "gu");
    } catch (error) {
      // Engines without Unicode property escapes: the combining marks used by Latin scripts.
      return /([A-Za-z\u00C0-\u024F\u1E00-\u1EFF])[\u0300-\u036F\u1AB0-\u1AFF\u1DC0-\u1DFF]+/g;
    }
  }

  function fold(text) {
    return String(text)
      .toLowerCase()
      .normalize("NFKD")
      .replace(LATIN_MARKS, "$1")
      .replace(LETTER_PATTERN, function (letter) { return LETTERS[letter]; })
      .normalize("NFC")
      .replace(/\s+/g, " ")
      .trim();
  }

  function words(text) {
    var folded = fold(text);
    return folded ? folded.split(" ") : [];
  }

  function toArray(list) {
    return Array.prototype.slice.call(list);
  }

  function format(template, values) {
    return template.replace(/\{(\w+)\}/g, function (whole, name) {
      return Object.prototype.hasOwnProperty.call(values, name) ? String(values[name]) : whole;
    });
  }

  // ---------- Kind index tables ----------

  function EntryTable(table) {
    this.table = table;
    this.body = table.tBodies[0];
    this.headers = table.tHead ? toArray(table.tHead.rows[0].cells) : [];
    this.records = toArray(this.body.rows).map(function (row, index) {
      return {
        row: row,
        index: index,
        text: fold(row.textContent),
        tags: (row.getAttribute("data-tags") || "").split(/\s+/).filter(Boolean)
      };
    });
    var scope = table.closest("main") || document;
    this.filters = scope.querySelector("[data-filters]");
    this.language = document.documentElement.lang || undefined;
    this.collator = new Intl.Collator(this.language, { numeric: true, sensitivity: "base" });
    this.setUpSorting();
    if (this.filters) this.setUpFilters();
  }

  // Filtering

  EntryTable.prototype.setUpFilters = function () {
    var self = this;
    var filters = this.filters;
    this.input = filters.querySelector("input[type=search]");
    this.toggles = toArray(filters.querySelectorAll("input[data-field][data-value]"));
    this.tagBoxes = toArray(filters.querySelectorAll("input[data-tag]"));
    this.status = filters.querySelector(".filter-status");
    this.reset = filters.querySelector("[data-filter-reset]");
    this.tagCount = filters.querySelector(".filter-tags-count");
    var tagPanel = filters.querySelector(".filter-tags-more");
    // A short tag list is shown at once; a long one stays folded until asked for, unless the
    // browser restored ticked tags.
    if (tagPanel && (this.tagBoxes.length <= 12 || this.tagBoxes.some(function (box) { return box.checked; }))) {
      tagPanel.open = true;
    }

    var pending = false;
    function schedule() {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(function () {
        pending = false;
        self.apply();
      });
    }
    if (this.input) {
      this.input.addEventListener("input", schedule);
      this.input.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && self.input.value) {
          self.input.value = "";
          self.apply();
        }
      });
    }
    this.toggles.concat(this.tagBoxes).forEach(function (box) {
      box.addEventListener("change", function () { self.apply(); });
    });
    if (this.reset) {
      this.reset.addEventListener("click", function () {
        if (self.input) self.input.value = "";
        self.toggles.concat(self.tagBoxes).forEach(function (box) { box.checked = false; });
        self.apply();
        if (self.input) self.input.focus();
      });
    }
    // Other scripts that change rows (the playthrough selector) ask for the filters again.
    filters.addEventListener("questlog:refresh", function () { self.apply(); });
    filters.hidden = false;
    // Browsers restore form fields on back navigation: start from whatever they hold.
    this.apply();
  };

  EntryTable.prototype.apply = function () {
    var query = this.input ? words(this.input.value) : [];
    var toggles = this.toggles.filter(function (box) { return box.checked; }).map(function (box) {
      return {
        attribute: "data-" + box.getAttribute("data-field").replace(/_/g, "-"),
        value: box.getAttribute("data-value")
      };
    });
    var tags = this.tagBoxes.filter(function (box) { return box.checked; }).map(function (box) {
      return box.getAttribute("data-tag");
    });
    var shown = 0;
    this.records.forEach(function (record) {
      var visible = query.every(function (word) { return record.text.indexOf(word) !== -1; }) &&
        toggles.every(function (toggle) { return record.row.getAttribute(toggle.attribute) === toggle.value; }) &&
        tags.every(function (tag) { return record.tags.indexOf(tag) !== -1; });
      if (record.row.hidden === visible) record.row.hidden = !visible;
      if (visible) shown += 1;
    });
    var active = query.length > 0 || toggles.length > 0 || tags.length > 0;
    this.table.toggleAttribute("data-filtered", active);
    if (this.reset) this.reset.disabled = !active;
    if (this.tagCount) this.tagCount.textContent = tags.length ? "(" + tags.length + ")" : "";
    this.showStatus(shown);
    var wrap = this.table.closest(".table-wrap");
    if (wrap) updateScrollFocus(wrap);
  };

  EntryTable.prototype.showStatus = function (shown) {
    if (!this.status) return;
    var total = this.records.length;
    var text;
    if (shown === 0 && total > 0) {
      text = this.status.getAttribute("data-empty") || "0 / " + total;
      this.status.setAttribute("data-state", "empty");
    } else {
      text = format(this.status.getAttribute("data-template") || "{shown} / {total}", { shown: shown, total: total });
      this.status.removeAttribute("data-state");
    }
    if (this.status.textContent !== text) this.status.textContent = text;
  };

  // Sorting

  EntryTable.prototype.setUpSorting = function () {
    var self = this;
    var label = this.table.getAttribute("data-sort-label");
    this.headers.forEach(function (header, column) {
      if (!header.hasAttribute("data-type")) return; // the picture column does not sort
      var button = document.createElement("button");
      button.type = "button";
      button.className = "sort-button";
      while (header.firstChild) button.appendChild(header.firstChild);
      if (label) button.title = format(label, { column: button.textContent.trim() });
      var icon = document.createElement("span");
      icon.className = "sort-icon";
      icon.setAttribute("aria-hidden", "true");
      button.appendChild(icon);
      header.appendChild(button);
      button.addEventListener("click", function () { self.sort(column); });
    });
  };

  function sortKey(cell, type) {
    if (!cell) return null;
    var raw = cell.hasAttribute("data-sort") ? cell.getAttribute("data-sort") : cell.textContent;
    raw = raw.trim();
    if (raw === "") return null;
    if (type === "number" || type === "bool") {
      var number = parseFloat(raw);
      return isNaN(number) ? null : number;
    }
    return raw;
  }

  EntryTable.prototype.sort = function (column) {
    var header = this.headers[column];
    var direction = header.getAttribute("aria-sort") === "ascending" ? "descending" : "ascending";
    this.headers.forEach(function (other) { other.removeAttribute("aria-sort"); });
    header.setAttribute("aria-sort", direction);
    var type = header.getAttribute("data-type") || "text";
    var sign = direction === "ascending" ? 1 : -1;
    var collator = this.collator;
    var keyed = this.records.map(function (record) {
      return { record: record, key: sortKey(record.row.cells[column], type) };
    });
    keyed.sort(function (a, b) {
      // Empty cells go last in both directions; ties keep the page's order.
      if (a.key === null || b.key === null) {
        if (a.key === b.key) return a.record.index - b.record.index;
        return a.key === null ? 1 : -1;
      }
      var order;
      if (type === "number" || type === "bool") order = a.key - b.key;
      else if (type === "date") order = a.key < b.key ? -1 : a.key > b.key ? 1 : 0;
      else order = collator.compare(a.key, b.key);
      return order * sign || a.record.index - b.record.index;
    });
    var fragment = document.createDocumentFragment();
    keyed.forEach(function (item) { fragment.appendChild(item.record.row); });
    this.body.appendChild(fragment);
  };

  // ---------- Scroll containers ----------
  // A table wrapper is focusable so keyboard users can scroll it; when everything fits, the
  // extra tab stop is removed.

  function updateScrollFocus(wrap) {
    var scrolls = wrap.scrollWidth > wrap.clientWidth + 1 || wrap.scrollHeight > wrap.clientHeight + 1;
    if (scrolls) wrap.setAttribute("tabindex", "0");
    else if (document.activeElement !== wrap) wrap.removeAttribute("tabindex");
  }

  function watchScrollFocus() {
    var wraps = toArray(document.querySelectorAll(".table-wrap"));
    if (!wraps.length) return;
    var timer = null;
    function update() { wraps.forEach(updateScrollFocus); }
    window.addEventListener("resize", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(update, 150);
    });
    update();
  }

  // ---------- Task lists in notes ----------
  // Markdown task list items render as bare disabled checkboxes; name each one after its item
  // so assistive technology reads "Beat Margit, checkbox, checked" rather than an unnamed box.

  function labelTaskBoxes() {
    toArray(document.querySelectorAll(".notes li > input[type=checkbox]")).forEach(function (box) {
      if (box.labels && box.labels.length) return;
      if (box.hasAttribute("aria-label") || box.hasAttribute("aria-labelledby")) return;
      var item = box.parentNode.cloneNode(true);
      toArray(item.querySelectorAll("ul, ol")).forEach(function (list) { list.remove(); });
      var text = item.textContent.replace(/\s+/g, " ").trim();
      if (text) box.setAttribute("aria-label", text);
    });
  }

  // ---------- Start ----------

  function start() {
    toArray(document.querySelectorAll("table[data-entries]")).forEach(function (table) {
      if (table.tBodies.length) new EntryTable(table);
    });
    watchScrollFocus();
    labelTaskBoxes();
  }

  if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", start);
  } else {
    start();
  }

  // Exposed for other scripts of the theme (search uses the same folding).
  window.Questlog = window.Questlog || {};
  window.Questlog.fold = fold;
})();
