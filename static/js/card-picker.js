// The card picker (templates/_partials/card_picker.html): as the player types, the game's closest cards with
// their faces, from the card-picker endpoint. Arrow keys move through them, Enter or a click picks one, Escape
// closes the list. A pick fills the box, or, for a picker over a table (data-picker-rows: a trade offer's
// cards), brings that card's rows forward with one copy asked; for a picker marked data-picker-clears (the
// deck builder's), empties the box for the next name; for one marked data-picker-go, opens that page for the
// card (CARD_ID in it stands for the card's id). Every other pick sends a "card-picked" event ({id, title, set,
// number}) for a page that does more with it (the deck builder adds a copy).
(function () {
  "use strict";

  var WAIT_MS = 150;
  var pickers = 0;

  function setUp(box) {
    var input = box.querySelector("input[role=combobox]");
    var list = box.querySelector("[role=listbox]");
    if (!input || !list) return;
    var prefix = "pick-" + (pickers += 1) + "-";
    var timer = null;
    var asked = 0;
    var active = -1;
    box.hidden = false;

    function options() { return Array.prototype.slice.call(list.querySelectorAll("[role=option]")); }
    function close() {
      list.hidden = true;
      input.setAttribute("aria-expanded", "false");
      input.removeAttribute("aria-activedescendant");
      active = -1;
    }
    function highlight(index) {
      var all = options();
      if (!all.length) return;
      active = (index + all.length) % all.length;
      all.forEach(function (option, i) { option.setAttribute("aria-selected", i === active ? "true" : "false"); });
      input.setAttribute("aria-activedescendant", all[active].id);
      all[active].scrollIntoView({ block: "nearest" });
    }
    function ask() {
      var text = input.value.trim();
      var mine = (asked += 1);
      if (!text) { list.innerHTML = ""; close(); return; }
      fetch(box.getAttribute("data-picker-url") + "&q=" + encodeURIComponent(text), {
        credentials: "same-origin", headers: { "HX-Request": "true" }
      }).then(function (response) {
        return response.ok ? response.text() : "";
      }).then(function (html) {
        if (mine !== asked) return; // a later keystroke has asked again
        list.innerHTML = html;
        options().forEach(function (option, i) { option.id = prefix + i; });
        var any = list.children.length > 0;
        list.hidden = !any;
        input.setAttribute("aria-expanded", any ? "true" : "false");
        active = -1;
        if (options().length) highlight(0);
      }).catch(function () { /* offline: the box stays a plain text box */ });
    }
    function pick(option) {
      var id = option.getAttribute("data-card-id");
      var title = option.getAttribute("data-title");
      close();
      var rows = box.getAttribute("data-picker-rows");
      if (rows) {
        input.value = "";
        bringForward(document.getElementById(rows), id);
      } else {
        input.value = box.hasAttribute("data-picker-clears") ? "" : title;
      }
      var go = box.getAttribute("data-picker-go");
      if (go) {
        window.location.assign(go.replace("CARD_ID", encodeURIComponent(id)));
        return;
      }
      box.dispatchEvent(new CustomEvent("card-picked", { bubbles: true, detail: {
        id: id, title: title, set: option.getAttribute("data-set"), number: option.getAttribute("data-number")
      } }));
    }

    input.addEventListener("input", function () {
      clearTimeout(timer);
      timer = setTimeout(ask, WAIT_MS);
    });
    input.addEventListener("keydown", function (event) {
      var open = !list.hidden && options().length > 0;
      if (event.key === "ArrowDown" || event.key === "ArrowUp") {
        if (!open) { ask(); return; }
        event.preventDefault();
        highlight(active + (event.key === "ArrowDown" ? 1 : -1));
      } else if (event.key === "Enter" && open && active >= 0) {
        event.preventDefault(); // the pick, not the form's submit
        pick(options()[active]);
      } else if (event.key === "Enter" && (box.hasAttribute("data-picker-rows") || box.hasAttribute("data-picker-clears"))) {
        event.preventDefault(); // a box that only picks sends nothing (no deck save): Enter waits for the choices
        clearTimeout(timer);
        ask();
      } else if (event.key === "Escape" && !list.hidden) {
        event.stopPropagation();
        close();
      }
    });
    list.addEventListener("mousedown", function (event) { event.preventDefault(); }); // keep focus in the box
    list.addEventListener("click", function (event) {
      var option = event.target.closest("[role=option]");
      if (option) pick(option);
    });
    input.addEventListener("blur", function () { setTimeout(close, 100); });
  }

  // A trade offer's table: every row stays in the form, but only the rows asked for show until "Show all".
  function bringForward(table, cardId) {
    if (!table) return;
    var first = null;
    table.querySelectorAll('tr[data-card-id="' + cardId + '"]').forEach(function (row) {
      row.hidden = false;
      row.classList.add("is-picked");
      var count = row.querySelector("input[type=number]");
      if (count && (count.value === "" || count.value === "0")) count.value = "1";
      if (!first) first = count;
    });
    if (first) { first.focus(); first.select(); }
  }
  function fold(table) {
    var rows = Array.prototype.slice.call(table.querySelectorAll("tr[data-card-id]"));
    if (rows.length <= 6) return;
    var folded = 0;
    rows.forEach(function (row) {
      var count = row.querySelector("input[type=number]");
      if (count && (count.value === "" || count.value === "0")) { row.hidden = true; folded += 1; }
    });
    if (!folded) return;
    var show = document.createElement("button");
    show.type = "button";
    show.className = "btn btn-ghost picker-show-all";
    show.textContent = "Show all " + rows.length + " cards";
    show.addEventListener("click", function () {
      rows.forEach(function (row) { row.hidden = false; });
      show.remove();
    });
    table.insertAdjacentElement("afterend", show);
  }

  document.querySelectorAll("[data-card-picker]").forEach(function (box) {
    setUp(box);
    var rows = box.getAttribute("data-picker-rows");
    if (rows && document.getElementById(rows)) fold(document.getElementById(rows));
  });
})();
