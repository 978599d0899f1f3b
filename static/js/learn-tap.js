// The tap-in-order drill (templates/learning/drill.html): each tapped word is added to the answer, in order,
// and its button is used up; "Undo" gives the last one back. Without this script the answer is typed.
(function () {
  "use strict";
  function init() {
    var answer = document.querySelector("[data-tap-answer]");
    var words = document.querySelector("[data-tap-words]");
    var undo = document.querySelector("[data-tap-undo]");
    var said = document.querySelector("[data-tap-said]");
    if (!answer || !words || !undo) return;
    var used = [];
    function write() {
      answer.value = used.map(function (b) { return b.dataset.word; }).join(" ");
      undo.disabled = used.length === 0;
    }
    words.addEventListener("click", function (event) {
      var button = event.target.closest("button[data-word]");
      if (!button || button.disabled) return;
      button.disabled = true;
      button.setAttribute("aria-pressed", "true");
      used.push(button);
      write();
      if (said) said.textContent = used.length + ": " + button.dataset.word;
    });
    undo.addEventListener("click", function () {
      var button = used.pop();
      if (!button) return;
      button.disabled = false;
      button.removeAttribute("aria-pressed");
      write();
      if (said) said.textContent = "Took back " + button.dataset.word;
      button.focus();
    });
    answer.addEventListener("input", function () {
      // Typing takes over: the buttons no longer know the answer, so they all come back.
      used.forEach(function (b) { b.disabled = false; b.removeAttribute("aria-pressed"); });
      used = [];
      undo.disabled = true;
    });
  }
  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", init);
  else init();
})();
