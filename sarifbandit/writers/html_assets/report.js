// The findings table of sarifbandit's HTML report: filters, sorting, pages, and a finding's
// details (code, rule help, nosec/baseline state, data-flow path) built when it is opened.
// Data from the scan is only ever set as text (textContent, attribute values), never as markup.
(function () {
  "use strict";

  var data = JSON.parse(document.getElementById("report-data").textContent);
  var rules = data.rules;
  var all = data.findings;
  var RANK = { UNDEFINED: 0, LOW: 1, MEDIUM: 2, HIGH: 3 };
  var STATES = {
    "": "reported",
    "new": "new since the baseline",
    "unchanged": "also in the baseline",
    "nosec": "suppressed by # nosec",
    "absent": "gone since the baseline"
  };
  var PAGE_SIZES = [50, 100, 250, 1000];
  var view = {
    sev: "", conf: "", check: "", cwe: "", path: "", text: "", show: "reported",
    sort: "severity", descending: true, page: 0, size: 100
  };
  var shown = [];
  var opened = {};

  all.forEach(function (f, index) {
    f.index = index;
    var rule = rules[f.i] || {};
    f.cwe = rule.w ? "CWE-" + rule.w : "";
    f.name = rule.n || "";
  });

  // --- building elements from text ------------------------------------------------------------

  function el(tag, attributes, children) {
    var node = document.createElement(tag);
    Object.keys(attributes || {}).forEach(function (key) {
      var value = attributes[key];
      if (value === null || value === undefined || value === false) { return; }
      if (key === "text") { node.textContent = value; } else { node.setAttribute(key, String(value)); }
    });
    (children || []).forEach(function (child) {
      if (child !== null && child !== undefined) {
        node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
      }
    });
    return node;
  }

  // links come from the report's writer; anything but the web or a relative path is dropped
  function safeHref(href) {
    return /^(https?:\/\/|\.\.?\/)/i.test(href || "") ? href : null;
  }

  function link(href, label) {
    var safe = safeHref(href);
    if (!safe) { return el("span", { text: label }); }
    return el("a", { href: safe, text: label, rel: "noopener noreferrer", target: "_blank" });
  }

  function plural(count, noun) {
    return count.toLocaleString("en") + " " + noun + (count === 1 ? "" : "s");
  }

  // --- filtering and sorting ------------------------------------------------------------------

  function visibleState(f) {
    var state = f.st || "";
    if (view.show === "all") { return true; }
    if (view.show === "reported") { return state !== "nosec" && state !== "absent"; }
    return state === view.show;
  }

  function haystack(f) {
    if (f.search === undefined) {
      f.search = [f.i, f.name, f.m, f.p, f.cwe].concat(
        f.x.map(function (pair) { return pair[1]; })
      ).join("\n").toLowerCase();
    }
    return f.search;
  }

  function matches(f) {
    if (view.sev && f.s !== view.sev) { return false; }
    if (view.conf && f.c !== view.conf) { return false; }
    if (view.check && f.i !== view.check) { return false; }
    if (view.cwe && f.cwe !== view.cwe) { return false; }
    if (view.path && f.p.toLowerCase().indexOf(view.path.toLowerCase()) < 0) { return false; }
    if (!visibleState(f)) { return false; }
    if (view.text) {
      var words = view.text.toLowerCase().split(/\s+/).filter(Boolean);
      var text = haystack(f);
      for (var w = 0; w < words.length; w++) {
        if (text.indexOf(words[w]) < 0) { return false; }
      }
    }
    return true;
  }

  function byPlace(a, b) {
    return a.p < b.p ? -1 : a.p > b.p ? 1 : a.l - b.l || a.k - b.k || a.index - b.index;
  }

  var SORTS = {
    severity: function (a, b) { return RANK[a.s] - RANK[b.s] || RANK[a.c] - RANK[b.c]; },
    confidence: function (a, b) { return RANK[a.c] - RANK[b.c] || RANK[a.s] - RANK[b.s]; },
    check: function (a, b) { return a.i < b.i ? -1 : a.i > b.i ? 1 : 0; },
    cwe: function (a, b) { return ((rules[a.i] || {}).w || 0) - ((rules[b.i] || {}).w || 0); },
    location: function () { return 0; },
    message: function (a, b) { return a.m < b.m ? -1 : a.m > b.m ? 1 : 0; }
  };

  function refresh(keepPage) {
    var compare = SORTS[view.sort];
    var sign = view.descending ? -1 : 1;
    shown = all.filter(matches);
    shown.sort(function (a, b) {
      // ties in file order; the "location" column sorts by place in either direction
      return sign * compare(a, b) || (view.sort === "location" ? sign : 1) * byPlace(a, b);
    });
    if (!keepPage) { view.page = 0; }
    render();
  }

  // --- the controls ---------------------------------------------------------------------------

  var root = document.getElementById("table-root");
  var controls = {};

  function counted(values) {
    var counts = {};
    all.forEach(function (f) {
      var value = values(f);
      if (value) { counts[value] = (counts[value] || 0) + 1; }
    });
    return counts;
  }

  function select(name, label, options) {
    var node = el("select", { id: "filter-" + name, name: name },
      options.map(function (option) {
        return el("option", { value: option[0], text: option[1] });
      }));
    node.addEventListener("change", function () { view[name] = node.value; refresh(); });
    controls[name] = node;
    return el("label", { "for": "filter-" + name }, [label, node]);
  }

  function rankOptions(any) {
    return [["", any]].concat(["HIGH", "MEDIUM", "LOW"].map(function (r) {
      return [r, r.charAt(0) + r.slice(1).toLowerCase()];
    }));
  }

  function search(name, label, placeholder) {
    var node = el("input", {
      id: "filter-" + name, name: name, type: "search", placeholder: placeholder,
      autocomplete: "off", spellcheck: "false"
    });
    var timer = null;
    node.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(function () { view[name] = node.value.trim(); refresh(); }, 120);
    });
    node.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && node.value) {
        node.value = ""; view[name] = ""; refresh(); event.stopPropagation();
      }
    });
    controls[name] = node;
    return el("label", { "for": "filter-" + name }, [label, node]);
  }

  function build() {
    var checks = counted(function (f) { return f.i; });
    var cwes = counted(function (f) { return f.cwe; });
    var states = counted(function (f) { return f.st || ""; });
    var checkOptions = [["", "Any check"]].concat(Object.keys(checks).sort().map(function (id) {
      return [id, id + " " + ((rules[id] || {}).n || "") + " (" + checks[id] + ")"];
    }));
    var cweOptions = [["", "Any CWE"]].concat(Object.keys(cwes).sort(function (a, b) {
      return parseInt(a.slice(4), 10) - parseInt(b.slice(4), 10);
    }).map(function (cwe) { return [cwe, cwe + " (" + cwes[cwe] + ")"]; }));
    var showOptions = [["reported", "Reported findings"]];
    ["nosec", "absent"].forEach(function (state) {
      if (states[state]) { showOptions.push([state, STATES[state] + " (" + states[state] + ")"]); }
    });
    showOptions.push(["all", "All"]);
    var reset = el("button", { type: "button", id: "filter-reset", text: "Reset filters" });
    reset.addEventListener("click", function () { resetFilters(); });
    var filters = el("div", { "class": "filters", role: "search", "aria-label": "Filter findings" }, [
      search("text", "Search", "message, code, path, check…  ( / )"),
      select("sev", "Severity", rankOptions("Any severity")),
      select("conf", "Confidence", rankOptions("Any confidence")),
      select("check", "Check", checkOptions),
      select("cwe", "CWE", cweOptions),
      search("path", "Path contains", "src/app"),
      select("show", "Show", showOptions),
      reset
    ]);
    var status = el("p", { id: "status", "class": "status", role: "status", "aria-live": "polite" });
    var head = el("tr", {}, [
      th("severity", "Severity", "col-sev"),
      th("confidence", "Confidence", "col-conf"),
      th("check", "Check", "col-check"),
      th("cwe", "CWE", "col-cwe"),
      th("location", "Location", "col-loc"),
      th("message", "Message", "col-msg")
    ]);
    var table = el("table", { "class": "findings", id: "findings-table" }, [
      el("caption", { "class": "visually-hidden", text: "Findings; sort by a column's button" }),
      el("thead", {}, [head]),
      el("tbody", { id: "findings-body" })
    ]);
    var sizes = el("select", { id: "page-size", "aria-label": "Findings per page" },
      PAGE_SIZES.map(function (size) {
        return el("option", { value: size, text: size + " per page", selected: size === view.size });
      }));
    sizes.addEventListener("change", function () {
      view.size = parseInt(sizes.value, 10); refresh();
    });
    var previous = el("button", { type: "button", id: "page-previous", text: "← Previous" });
    var next = el("button", { type: "button", id: "page-next", text: "Next →" });
    previous.addEventListener("click", function () { turn(-1); });
    next.addEventListener("click", function () { turn(1); });
    var pager = el("nav", { "class": "pager", "aria-label": "Pages of findings" }, [
      previous, el("span", { id: "page-label" }), next, sizes
    ]);
    root.appendChild(filters);
    root.appendChild(status);
    root.appendChild(el("div", { "class": "table-wrap" }, [table]));
    root.appendChild(pager);
  }

  function th(key, label, className) {
    var button = el("button", { type: "button", "data-sort": key, text: label });
    button.addEventListener("click", function () {
      if (view.sort === key) {
        view.descending = !view.descending;
      } else {
        view.sort = key;
        view.descending = key === "severity" || key === "confidence";
      }
      refresh();
    });
    return el("th", { scope: "col", "class": className, "data-key": key }, [button]);
  }

  function turn(step) {
    var pages = Math.max(1, Math.ceil(shown.length / view.size));
    var page = Math.min(pages - 1, Math.max(0, view.page + step));
    if (page !== view.page) { view.page = page; render(); }
  }

  function resetFilters() {
    ["sev", "conf", "check", "cwe", "path", "text"].forEach(function (name) {
      view[name] = ""; controls[name].value = "";
    });
    view.show = "reported"; controls.show.value = "reported";
    refresh();
  }

  function setFilter(values) {
    Object.keys(values).forEach(function (name) {
      view[name] = values[name];
      controls[name].value = values[name];
    });
    refresh();
    document.getElementById("findings").scrollIntoView();
    document.getElementById("findings-table").querySelector("tbody button, th button").focus();
  }

  // --- the rows --------------------------------------------------------------------------------

  function render() {
    var body = document.getElementById("findings-body");
    var pages = Math.max(1, Math.ceil(shown.length / view.size));
    view.page = Math.min(view.page, pages - 1);
    var start = view.page * view.size;
    var rows = [];
    shown.slice(start, start + view.size).forEach(function (f) {
      rows.push(row(f));
      if (opened[f.index]) { rows.push(detailRow(f)); }
    });
    if (!rows.length) {
      rows.push(el("tr", {}, [el("td", { colspan: 6, text: "No finding matches the filters." })]));
    }
    body.replaceChildren.apply(body, rows);
    var total = all.filter(visibleState).length;
    var status = shown.length === total
      ? plural(total, "finding")
      : plural(shown.length, "finding") + " of " + total.toLocaleString("en") + " match";
    if (shown.length > view.size) {
      status += "; showing " + (start + 1).toLocaleString("en") + "–" +
        Math.min(start + view.size, shown.length).toLocaleString("en");
    }
    document.getElementById("status").textContent = status;
    document.getElementById("page-label").textContent = "Page " + (view.page + 1) + " of " + pages;
    document.getElementById("page-previous").disabled = view.page === 0;
    document.getElementById("page-next").disabled = view.page >= pages - 1;
    Array.prototype.forEach.call(document.querySelectorAll("table.findings thead th"), function (cell) {
      if (cell.getAttribute("data-key") === view.sort) {
        cell.setAttribute("aria-sort", view.descending ? "descending" : "ascending");
      } else {
        cell.removeAttribute("aria-sort");
      }
    });
  }

  function row(f) {
    var expanded = !!opened[f.index];
    var toggle = el("button", {
      type: "button", "class": "toggle", "aria-expanded": expanded ? "true" : "false",
      "aria-controls": "detail-" + f.index, "aria-label": "Details of " + f.i + " at " + f.p + ":" + f.l,
      text: "▸"
    });
    toggle.addEventListener("click", function () {
      opened[f.index] = !opened[f.index];
      render();
      focusToggle(f.index);
    });
    var state = f.st ? el("span", { "class": "badge", text: STATES[f.st] || f.st }) : null;
    return el("tr", {
      "class": "finding" + (f.st === "nosec" || f.st === "absent" ? " suppressed" : ""),
      "data-index": f.index
    }, [
      el("td", { "class": "col-sev" }, [toggle, el("span", { "class": "sev-" + f.s, text: f.s })]),
      el("td", { "class": "col-conf", text: f.c }),
      el("td", { "class": "col-check mono", title: f.name, text: f.i }),
      el("td", { "class": "col-cwe", text: f.cwe }),
      el("td", { "class": "col-loc loc mono", text: f.p + ":" + f.l + ":" + f.k }),
      el("td", { "class": "col-msg" }, inline(f.m).concat([state]))
    ]);
  }

  function focusToggle(index) {
    var button = document.querySelector("tr.finding[data-index='" + index + "'] button.toggle");
    if (button) { button.focus(); }
  }

  function code(lines, first, last) {
    return el("pre", { "class": "code" }, lines.map(function (pair) {
      var hit = pair[0] >= first && pair[0] <= last;
      return el("span", { "class": "row" + (hit ? " hit" : "") }, [
        el("span", { "class": "ln", text: String(pair[0]) }), pair[1]
      ]);
    }));
  }

  // `inline code` in a message or the rule's help, as code elements holding text
  function inline(text) {
    return text.split("`").map(function (piece, j) {
      return j % 2 ? el("code", { text: piece }) : piece;
    });
  }

  // a rule doc's section: prose paragraphs and ``` fenced code, shown as text
  function section(body) {
    var parts = body.split(/```[a-z]*\n?/);
    return parts.map(function (part, i) {
      var content = part.replace(/\n+$/, "");
      if (!content) { return null; }
      if (i % 2) {
        return el("pre", { "class": "code" }, [el("span", { "class": "row", text: content })]);
      }
      return el("p", {}, inline(content));
    });
  }

  function flow(f) {
    var items = f.f.map(function (step, i) {
      var role = i === 0 ? "source" : i === f.f.length - 1 ? "sink" : "step";
      return el("li", { "class": step.n ? "nested" : null, "data-role": role }, [
        link(step.h, step.p + ":" + step.l + ":" + step.k), " ",
        el("span", { "class": "badge", text: role }), " ",
        el("span", { "class": "step-message" }, inline(step.m)),
        step.x ? el("pre", { "class": "mono", text: step.x }) : null
      ]);
    });
    return el("details", { "class": "flow" }, [
      el("summary", { text: "Data flow: " + plural(f.f.length, "step") + " from source to sink" }),
      el("ol", { "class": "steps" }, items)
    ]);
  }

  function detailRow(f) {
    var rule = rules[f.i] || {};
    var parts = [
      el("h3", {}, [f.i + " " + (rule.n || "") + ": "].concat(inline(f.m))),
      el("p", {}, [link(f.h, f.p + ":" + f.l + ":" + f.k)]),
      code(f.x, f.l, f.el)
    ];
    if (f.st === "nosec") {
      parts.push(el("p", { "class": "state", text: "Suppressed by " + (f.ns || "# nosec") }));
    } else if (f.st) {
      parts.push(el("p", { "class": "state", text: "Baseline: " + STATES[f.st] }));
    }
    if (f.f && f.f.length) { parts.push(flow(f)); }
    parts.push(el("h4", { text: rule.t || "" }));
    (rule.d || []).forEach(function (pair) {
      parts.push(el("h4", { text: pair[0] }));
      section(pair[1]).forEach(function (node) { if (node) { parts.push(node); } });
    });
    parts.push(el("p", {}, [
      link(rule.u, "Documentation of " + f.i),
      rule.wu ? " · " : null,
      rule.wu ? link(rule.wu, "CWE-" + rule.w) : null
    ]));
    return el("tr", { "class": "detail-row" }, [
      el("td", { colspan: 6, "class": "detail", id: "detail-" + f.index }, parts)
    ]);
  }

  // --- keyboard and the summary's shortcuts ------------------------------------------------------

  document.addEventListener("keydown", function (event) {
    var target = event.target;
    var typing = /^(INPUT|SELECT|TEXTAREA)$/.test(target.tagName);
    if (event.key === "/" && !typing && !event.ctrlKey && !event.metaKey) {
      event.preventDefault();
      controls.text.focus();
      return;
    }
    if (target.classList && target.classList.contains("toggle") &&
        (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      var toggles = Array.prototype.slice.call(document.querySelectorAll("button.toggle"));
      var next = toggles[toggles.indexOf(target) + (event.key === "ArrowDown" ? 1 : -1)];
      if (next) { event.preventDefault(); next.focus(); }
    }
  });

  function shortcut(node, values) {
    node.addEventListener("click", function () { setFilter(values()); });
    node.addEventListener("keydown", function (event) {
      if (event.key === "Enter" || event.key === " ") { event.preventDefault(); setFilter(values()); }
    });
  }

  Array.prototype.forEach.call(document.querySelectorAll("button.cell"), function (cell) {
    shortcut(cell, function () {
      return { sev: cell.getAttribute("data-sev"), conf: cell.getAttribute("data-conf") };
    });
  });
  Array.prototype.forEach.call(document.querySelectorAll("g.bar[data-check]"), function (bar) {
    shortcut(bar, function () { return { check: bar.getAttribute("data-check") }; });
  });
  Array.prototype.forEach.call(document.querySelectorAll("g.bar[data-folder]"), function (bar) {
    shortcut(bar, function () {
      var folder = bar.getAttribute("data-folder");
      return { path: folder === "." ? "" : folder + "/" };
    });
  });

  build();
  refresh();
  document.documentElement.setAttribute("data-ready", "true");
})();
