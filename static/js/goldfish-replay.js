// The goldfish page's replay section (templates/decks/goldfish/_replay.html): one play-out game, turn by turn.
// Without this file the form still posts and every turn is shown; with it, a blank seed or trials takes the
// play-out's own fields, and the turns are stepped through one at a time.
(function () {
  "use strict";

  // The last play-out shown (static/js/goldfish.js writes "Play-out: 1,000,000 trials, seed 7.").
  function lastPlayOut() {
    var summary = document.querySelector("#run-result .run-summary");
    var found = summary && /^Play-out: ([\d,]+) trials, seed (\d+)\./.exec(summary.textContent);
    return found ? { "play-trials": found[1].replace(/,/g, ""), "play-seed": found[2] } : null;
  }

  // A blank seed or trials field means "the play-out's": the last play-out shown, else the field it names.
  document.addEventListener("htmx:configRequest", function (event) {
    var form = event.detail.elt;
    if (!form || form.id !== "replay-form") return;
    var shown = lastPlayOut();
    form.querySelectorAll("[data-replay-from]").forEach(function (input) {
      if (input.value !== "") return;
      var from = input.getAttribute("data-replay-from");
      var source = document.getElementById(from);
      if (shown) event.detail.parameters[input.name] = shown[from];
      else if (source && source.value !== "") event.detail.parameters[input.name] = source.value;
    });
  });

  function show(box, at) {
    var turns = box.querySelectorAll(".replay-turn");
    var all = at === "all";
    turns.forEach(function (li, i) { li.hidden = !all && i !== at; });
    box.setAttribute("data-at", all ? "all" : String(at));
    var label = box.querySelector(".replay-at");
    if (label) label.textContent = all ? "All turns" : (at === 0 ? "Set-up" : "Turn " + at) + " of " + (turns.length - 1);
  }

  function setUp(box) {
    var nav = box.querySelector(".replay-nav");
    if (!nav) return;
    nav.hidden = false;
    show(box, 0);
  }

  // A new replay came in (an outerHTML swap replaces the box): start it at the set-up.
  document.addEventListener("htmx:afterSettle", function () {
    var box = document.getElementById("replay-result");
    if (box && !box.hasAttribute("data-at")) setUp(box);
  });

  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-replay-step]");
    if (!button) return;
    var box = button.closest(".replay-result");
    var count = box.querySelectorAll(".replay-turn").length;
    var step = button.getAttribute("data-replay-step");
    var at = box.getAttribute("data-at");
    if (step === "all") { show(box, "all"); return; }
    var current = at === "all" ? 0 : parseInt(at, 10) || 0;
    show(box, Math.max(0, Math.min(count - 1, current + parseInt(step, 10))));
  });
})();
