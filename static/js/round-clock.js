// The organiser console's round clock: minutes and seconds since the round was paired.
// Without this file the console shows the start time only.
(function () {
  "use strict";

  function pad(n) {
    return n < 10 ? "0" + n : String(n);
  }

  function tick() {
    document.querySelectorAll(".round-clock[data-started]").forEach(function (clock) {
      // Seconds since the epoch, as the server wrote them (no date parsing to differ between browsers).
      var started = Number(clock.getAttribute("data-started")) * 1000;
      if (isNaN(started)) return;
      var seconds = Math.max(0, Math.floor((Date.now() - started) / 1000));
      clock.textContent = Math.floor(seconds / 60) + ":" + pad(seconds % 60) + " into the round";
    });
  }

  // The polled partial replaces the clock's element: the interval finds the new one on its next tick.
  tick();
  window.setInterval(tick, 1000);
})();
