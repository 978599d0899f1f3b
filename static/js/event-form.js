// The new-event form: the format menu lists every game's formats (grouped by game); show only the chosen game's.
(function () {
  "use strict";
  var form = document.querySelector("form[data-formats-follow-game]");
  if (!form) return;
  var game = form.elements.namedItem("game");
  var format = form.elements.namedItem("format");
  if (!game || !format) return;
  function sync() {
    var name = game.options[game.selectedIndex] ? game.options[game.selectedIndex].text : "";
    var groups = format.querySelectorAll("optgroup");
    if (!groups.length) return;
    var keep = null;
    groups.forEach(function (group) {
      var mine = group.label === name;
      group.hidden = !mine;
      group.disabled = !mine;
      if (mine) keep = group;
    });
    var chosen = format.options[format.selectedIndex];
    if (keep && (!chosen || chosen.parentNode !== keep) && keep.querySelector("option")) {
      format.value = keep.querySelector("option").value;
    }
  }
  game.addEventListener("change", sync);
  sync();
})();
