// Round clocks. Without this file the pages show the times the server wrote, refreshed by their polls.
// - The console's count-up (.round-clock[data-started]): minutes and seconds since the round was paired.
// - Countdowns (.countdown[data-remaining]): the seconds left when the server sent the element, and its state.
//   A running one counts down from the moment this script first saw the element (so the viewer's own clock
//   being wrong does not matter); the polls replace the element every few seconds, which re-synchronises it
//   and brings a pause or an extension to every screen.
(function () {
  "use strict";

  function pad(n) {
    return n < 10 ? "0" + n : String(n);
  }

  function minutes(seconds) {
    return Math.floor(seconds / 60) + ":" + pad(seconds % 60);
  }

  function tick() {
    var now = Date.now();
    document.querySelectorAll(".round-clock[data-started]").forEach(function (clock) {
      // Seconds since the epoch, as the server wrote them (no date parsing to differ between browsers).
      var started = Number(clock.getAttribute("data-started")) * 1000;
      if (isNaN(started)) return;
      clock.textContent = minutes(Math.max(0, Math.floor((now - started) / 1000))) + " into the round";
    });
    document.querySelectorAll(".countdown[data-remaining]").forEach(function (clock) {
      var remaining = Number(clock.getAttribute("data-remaining"));
      if (isNaN(remaining)) return;
      if (!clock.hasAttribute("data-seen")) clock.setAttribute("data-seen", String(now));
      if (clock.getAttribute("data-state") === "running") {
        remaining -= (now - Number(clock.getAttribute("data-seen"))) / 1000;
      }
      var left = Math.max(0, Math.ceil(remaining));
      clock.textContent = minutes(left);
      clock.classList.toggle("countdown-over", left === 0);
    });
  }

  // The polled partials replace the clocks' elements: the interval finds the new ones on its next tick.
  tick();
  window.setInterval(tick, 250);
})();
