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
     button[data-filter-reset], input[data-column] boxes of the columns menu (.filter-columns), and
     any other named control (a select of another script): every named control is kept in the
     address's query. A `questlog:refresh` event on the panel runs the filters again.
   - .table-wrap: focusable only while it scrolls sideways; data-fits when it does not.
   - [data-theme-toggle] (hidden until the script runs) and details[data-site-menu] in the header.
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
    this.columnBoxes = toArray(filters.querySelectorAll("input[data-column]"));
    this.status = filters.querySelector(".filter-status");
    this.reset = filters.querySelector("[data-filter-reset]");
    this.tagCount = filters.querySelector(".filter-tags-count");
    // The address wins over what the browser restored: a shared or reloaded view shows what it says.
    restoreControls(filters, window.location.search);
    var tagPanel = filters.querySelector(".filter-tags-more");
    // A short tag list is shown at once; a long one stays folded until asked for, unless some
    // tags are ticked.
    if (tagPanel && (this.tagBoxes.length <= 12 || this.tagBoxes.some(function (box) { return box.checked; }))) {
      tagPanel.open = true;
    }
    var columnPanel = filters.querySelector(".filter-columns");
    if (columnPanel && this.columnBoxes.some(function (box) { return !box.checked; })) columnPanel.open = true;

    var pending = false;
    function schedule() {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(function () {
        pending = false;
        self.apply();
      });
    }
    // One listener for every control of the panel, including those other scripts add later.
    filters.addEventListener("input", function (event) {
      if (event.target === self.input) schedule();
    });
    filters.addEventListener("change", function (event) {
      if (event.target !== self.input) self.apply();
    });
    // Other scripts that change rows or controls ask for the filters to run again.
    filters.addEventListener("questlog:refresh", function () { self.apply(); });
    if (this.input) {
      this.input.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && self.input.value) {
          self.input.value = "";
          self.apply();
        }
      });
    }
    if (this.reset) {
      this.reset.addEventListener("click", function () {
        controlsOf(filters).forEach(function (control) {
          if (control.hasAttribute("data-column") || isDefault(control)) return;
          resetControl(control);
          control.dispatchEvent(new Event("change", { bubbles: true }));
        });
        self.apply();
        if (self.input) self.input.focus();
      });
    }
    filters.hidden = false;
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
    this.showColumns();
    var active = controlsOf(this.filters).some(function (control) {
      return !control.hasAttribute("data-column") && !isDefault(control);
    });
    this.table.toggleAttribute("data-filtered", active);
    if (this.reset) this.reset.disabled = !active;
    if (this.tagCount) this.tagCount.textContent = tags.length ? "(" + tags.length + ")" : "";
    this.showStatus(shown);
    rememberControls(this.filters);
    var wrap = this.table.closest(".table-wrap");
    if (wrap) {
      updateScrollFocus(wrap);
      if (wrap.questlogHead) wrap.questlogHead();
    }
  };

  // Columns: each box of the columns menu shows or hides the header and cells with its data-key.
  EntryTable.prototype.showColumns = function () {
    var self = this;
    this.columnBoxes.forEach(function (box) {
      var key = box.getAttribute("data-column");
      var hide = !box.checked;
      self.headers.forEach(function (header, column) {
        if (header.getAttribute("data-key") !== key || header.hidden === hide) return;
        header.hidden = hide;
        self.records.forEach(function (record) {
          var cell = record.row.cells[column];
          if (cell) cell.hidden = hide;
        });
      });
    });
  };

  // ---------- Filter state in the address ----------
  // Every named control of a filter panel is kept in the query string, so a filtered view can be
  // shared and survives a reload: a control appears when it differs from its default (a ticked
  // box as name=value, a box ticked by default and unticked likewise, a text or a choice as
  // name=value). The query's other parameters and the #fragment are kept.

  function controlsOf(panel) {
    return toArray(panel.querySelectorAll("input[name], select[name], textarea[name]")).filter(function (control) {
      return !control.disabled && control.type !== "button" && control.type !== "submit" && control.type !== "reset";
    });
  }

  function defaultOption(select) {
    var options = toArray(select.options);
    return options.filter(function (option) { return option.defaultSelected; })[0] || options[0] || null;
  }

  function isDefault(control) {
    if (control.type === "checkbox" || control.type === "radio") return control.checked === control.defaultChecked;
    if (control.tagName === "SELECT") {
      return toArray(control.options).every(function (option) {
        return option.selected === (control.multiple ? option.defaultSelected : option === defaultOption(control));
      });
    }
    return control.value === control.defaultValue;
  }

  function resetControl(control) {
    if (control.type === "checkbox" || control.type === "radio") control.checked = control.defaultChecked;
    else if (control.tagName === "SELECT") {
      var fallback = defaultOption(control);
      toArray(control.options).forEach(function (option) {
        option.selected = control.multiple ? option.defaultSelected : option === fallback;
      });
    } else control.value = control.defaultValue;
  }

  function controlParameters(panel) {
    var pairs = [];
    controlsOf(panel).forEach(function (control) {
      if (isDefault(control)) return;
      if (control.type === "checkbox" || control.type === "radio") {
        pairs.push([control.name, control.value]);
      } else if (control.tagName === "SELECT") {
        toArray(control.selectedOptions || []).forEach(function (option) { pairs.push([control.name, option.value]); });
      } else {
        pairs.push([control.name, control.value]);
      }
    });
    return pairs;
  }

  function restoreControls(panel, search) {
    var params = new URLSearchParams(search);
    var controls = controlsOf(panel);
    var named = controls.some(function (control) { return params.has(control.name); });
    if (!named) return false;
    controls.forEach(function (control) {
      var values = params.getAll(control.name);
      if (control.type === "checkbox") {
        control.checked = values.indexOf(control.value) !== -1 ? !control.defaultChecked : control.defaultChecked;
      } else if (control.type === "radio") {
        control.checked = values.length ? values.indexOf(control.value) !== -1 : control.defaultChecked;
      } else if (control.tagName === "SELECT") {
        if (!values.length) { resetControl(control); return; }
        var known = toArray(control.options).filter(function (option) { return values.indexOf(option.value) !== -1; });
        if (!known.length) { resetControl(control); return; }
        toArray(control.options).forEach(function (option) {
          option.selected = control.multiple ? known.indexOf(option) !== -1 : option === known[0];
        });
      } else {
        control.value = values.length ? values[0] : control.defaultValue;
      }
    });
    return true;
  }

  function rememberControls(panel) {
    var names = {};
    controlsOf(panel).forEach(function (control) { names[control.name] = true; });
    var params = new URLSearchParams(window.location.search);
    Object.keys(names).forEach(function (name) { params.delete(name); });
    controlParameters(panel).forEach(function (pair) { params.append(pair[0], pair[1]); });
    var query = params.toString();
    var address = window.location.pathname + (query ? "?" + query : "") + window.location.hash;
    if (address === window.location.pathname + window.location.search + window.location.hash) return;
    try {
      window.history.replaceState(window.history.state, "", address);
    } catch (error) {
      // A browser that refuses to change the address of a local file: the view still works.
    }
  }

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
  // A table scrolls with the page. When it is wider than its wrapper, the wrapper scrolls sideways
  // and is focusable so keyboard users can scroll it; when everything fits, the wrapper is marked
  // data-fits (no scroll box at all, so the header row sticks to the window by itself) and the
  // extra tab stop is removed.

  function updateScrollFocus(wrap) {
    var table = wrap.querySelector("table");
    var fits = !table || table.offsetWidth <= wrap.clientWidth + 1;
    wrap.toggleAttribute("data-fits", fits);
    if (!fits) wrap.setAttribute("tabindex", "0");
    else if (document.activeElement !== wrap) wrap.removeAttribute("tabindex");
  }

  // In a wrapper that scrolls sideways the header row cannot stick to the window: it is moved
  // down by the distance the table's top has scrolled out of view instead.
  function followHeader(wrap) {
    var table = wrap.querySelector("table");
    var head = table && table.tHead;
    if (!head) return;
    var pending = false;
    function place() {
      pending = false;
      var offset = 0;
      if (!wrap.hasAttribute("data-fits")) {
        var box = table.getBoundingClientRect();
        offset = Math.max(0, Math.min(-box.top, box.height - 2 * head.offsetHeight));
      }
      var value = offset ? offset + "px" : "";
      if (table.style.getPropertyValue("--ql-head-offset") !== value) {
        if (value) table.style.setProperty("--ql-head-offset", value);
        else table.style.removeProperty("--ql-head-offset");
      }
    }
    function schedule() {
      if (pending) return;
      pending = true;
      window.requestAnimationFrame(place);
    }
    wrap.questlogHead = schedule;
    window.addEventListener("scroll", schedule, { passive: true });
    window.addEventListener("resize", schedule);
    place();
  }

  function watchScrollFocus() {
    var wraps = toArray(document.querySelectorAll(".table-wrap"));
    if (!wraps.length) return;
    var timer = null;
    function update() {
      wraps.forEach(function (wrap) {
        updateScrollFocus(wrap);
        if (wrap.questlogHead) wrap.questlogHead();
      });
    }
    window.addEventListener("resize", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(update, 150);
    });
    wraps.forEach(followHeader);
    update();
  }

  // ---------- Colour theme ----------
  // Three choices: the system's (nothing stored), light or dark (stored in localStorage and
  // applied by a one-line script in each page's head, before the first paint). Without a script
  // the button stays hidden and the system's choice applies.

  var THEME_KEY = "questlog-theme";
  var THEMES = ["system", "light", "dark"];

  function storedTheme() {
    var theme = document.documentElement.getAttribute("data-theme");
    return theme === "light" || theme === "dark" ? theme : "system";
  }

  function applyTheme(theme) {
    var root = document.documentElement;
    try {
      if (theme === "system") window.localStorage.removeItem(THEME_KEY);
      else window.localStorage.setItem(THEME_KEY, theme);
    } catch (error) {
      // Storage refused (private mode): the choice holds for this page only.
    }
    if (theme === "system") root.removeAttribute("data-theme");
    else root.setAttribute("data-theme", theme);
    showThemeColor();
  }

  // The browser's own colour (theme-color) follows the page's scheme: the system's or the
  // reader's choice. Without a script it is the light header's, dark enough for both.
  var DARK = window.matchMedia ? window.matchMedia("(prefers-color-scheme: dark)") : null;

  function showThemeColor() {
    var theme = storedTheme();
    var dark = theme === "dark" || (theme === "system" && !!DARK && DARK.matches);
    toArray(document.querySelectorAll("meta[name=theme-color][data-dark]")).forEach(function (meta) {
      var colour = meta.getAttribute(dark ? "data-dark" : "data-light");
      if (colour && meta.getAttribute("content") !== colour) meta.setAttribute("content", colour);
    });
  }

  function setUpThemeToggle() {
    showThemeColor();
    if (DARK && DARK.addEventListener) DARK.addEventListener("change", showThemeColor);
    var button = document.querySelector("[data-theme-toggle]");
    if (!button) return;
    var names = (button.getAttribute("data-names") || "").split("|");
    var label = button.querySelector("[data-theme-name]");
    var prefix = label && label.previousElementSibling ? label.previousElementSibling.textContent : "";
    function show() {
      var theme = storedTheme();
      var name = names[THEMES.indexOf(theme)] || theme;
      button.setAttribute("data-choice", theme);
      if (label) label.textContent = name;
      button.title = prefix + name;
    }
    button.addEventListener("click", function () {
      applyTheme(THEMES[(THEMES.indexOf(storedTheme()) + 1) % THEMES.length]);
      show();
    });
    show();
    button.hidden = false;
  }

  // ---------- The header's menu ----------
  // On wide screens the games show as a list: browsers that cannot show a closed <details>'s
  // content through CSS get the menu opened there instead. Escape closes an open menu.

  function setUpMenu() {
    var menu = document.querySelector("[data-site-menu]");
    if (!menu) return;
    var wide = window.matchMedia("(min-width: 40.01em)");
    var styled = window.CSS && CSS.supports && CSS.supports("selector(::details-content)");
    if (!styled) {
      var follow = function () { menu.open = wide.matches; };
      follow();
      if (wide.addEventListener) wide.addEventListener("change", follow);
    }
    menu.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && menu.open && !wide.matches) {
        menu.open = false;
        menu.querySelector("summary").focus();
      }
    });
    document.addEventListener("click", function (event) {
      if (menu.open && !wide.matches && !menu.contains(event.target)) menu.open = false;
    });
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
    setUpThemeToggle();
    setUpMenu();
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
