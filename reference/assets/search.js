// kapi API reference: search as you type over window.KAPI_SEARCH_INDEX ([label, groupVersion, pageId, anchor]),
// and the groups navigation's toggle on narrow screens. Without JavaScript the pages read the same.
(function () {
  "use strict";
  var MAX_RESULTS = 50;

  // Exact matches first, then labels starting with the query (shorter first), then other substring matches.
  function matches(index, query) {
    var exact = [], prefix = [], inside = [];
    for (var i = 0; i < index.length; i++) {
      var label = String(index[i][0]).toLowerCase();
      var at = label.indexOf(query);
      if (at < 0) continue;
      if (label === query) exact.push(index[i]);
      else if (at === 0) prefix.push(index[i]);
      else inside.push(index[i]);
    }
    prefix.sort(function (a, b) { return a[0].length - b[0].length; });
    return exact.concat(prefix, inside).slice(0, MAX_RESULTS);
  }

  function setUpSearch() {
    var input = document.getElementById("search");
    var list = document.getElementById("search-results");
    var status = document.getElementById("search-status");
    if (!input || !list) return;
    var root = document.body.getAttribute("data-root") || "./";
    var index = window.KAPI_SEARCH_INDEX || [];
    function render() {
      var query = input.value.trim().toLowerCase();
      while (list.firstChild) list.removeChild(list.firstChild);
      if (!query) {
        if (status) status.textContent = "";
        return;
      }
      var found = matches(index, query);
      for (var i = 0; i < found.length; i++) {
        var entry = found[i];
        var item = document.createElement("li");
        var link = document.createElement("a");
        link.href = root + entry[2] + "#" + entry[3];
        link.textContent = entry[0];
        var gv = document.createElement("span");
        gv.className = "gv";
        gv.textContent = entry[1];
        item.appendChild(link);
        item.appendChild(document.createTextNode(" "));
        item.appendChild(gv);
        list.appendChild(item);
      }
      if (status) status.textContent = found.length ? found.length + " matches" : "No matches";
    }
    var query = new URLSearchParams(window.location.search).get("q");
    if (query) input.value = query;
    input.addEventListener("input", render);
    input.addEventListener("keydown", function (event) {
      if (event.key === "Escape") {
        input.value = "";
        render();
      }
    });
    render();
  }

  // On narrow screens the navigation starts folded behind its button; wide screens always show it.
  function setUpNavigation() {
    var nav = document.getElementById("groups");
    var button = document.getElementById("nav-toggle");
    if (!nav || !button || !window.matchMedia) return;
    var narrow = window.matchMedia("(max-width: 48em)");
    function setOpen(open) {
      nav.classList.toggle("collapsed", !open);
      button.setAttribute("aria-expanded", open ? "true" : "false");
    }
    function apply() {
      button.hidden = !narrow.matches;
      setOpen(!narrow.matches);
    }
    button.addEventListener("click", function () {
      setOpen(nav.classList.contains("collapsed"));
    });
    if (narrow.addEventListener) narrow.addEventListener("change", apply);
    apply();
  }

  function start() {
    setUpSearch();
    setUpNavigation();
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", start);
  else start();
})();
