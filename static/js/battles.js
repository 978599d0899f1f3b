// The calculators' simulations (how often Player 1's battalion wins; the best Battle Cards squad), run as jobs
// with a progress bar. The pages work without this file; only the simulations need it.
(function () {
  "use strict";

  var POLL_MS = 300;

  function requestHeaders() {
    var token = "";
    try {
      token = JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (e) {
      token = ""; // no token: the API still answers an anonymous caller
    }
    return { "Accept": "application/json", "Content-Type": "application/json", "X-CSRFToken": token };
  }

  function send(url, body) {
    var init = { credentials: "same-origin", headers: requestHeaders() };
    if (body) { init.method = "POST"; init.body = JSON.stringify(body); }
    return fetch(url, init).then(function (r) {
      return r.json().then(function (data) { return { status: r.status, data: data }; });
    });
  }

  function pct(x) { return (100 * x).toFixed(1) + "%"; }

  // The request of a panel: Book of Mormon Battles' battalion is Player 1's cards; Battle Cards' needs nothing.
  function requestOf(panel) {
    if (!panel.hasAttribute("data-battalion")) return {};
    var cards = document.querySelectorAll('#calc-state input[name="p1"]');
    return {
      battalion: Array.prototype.map.call(cards, function (input) { return { title: input.value }; }),
      opponents: parseInt(panel.querySelector("[name=opponents]").value, 10),
    };
  }

  function simulate(panel) {
    var button = panel.querySelector("[data-simulation-run]");
    var bar = panel.querySelector("progress");
    var state = panel.querySelector("[data-simulation-state]");
    var done = function (text) { state.textContent = text; button.disabled = false; };

    // A poll that fails (a network blip, a busy server) is tried again a few times before the panel gives up.
    var misses = 0;
    function retry(url) {
      misses += 1;
      if (misses > 5) { done("The job could not be read."); return; }
      setTimeout(function () { follow(url); }, POLL_MS * misses);
    }

    function follow(url) {
      send(url).then(function (job) {
        if (job.status >= 500 || job.status === 429) { retry(url); return; }
        misses = 0;
        var s = job.data;
        bar.value = s.progress || 0;
        if (s.status === "done") {
          done(s.result.summary);
        } else if (s.status === "queued" || s.status === "running") {
          state.textContent = s.status + " " + pct(bar.value);
          setTimeout(function () { follow(url); }, POLL_MS);
        } else {
          done(s.status + (s.error ? ": " + s.error : ""));
        }
      }).catch(function () { retry(url); });
    }

    button.disabled = true;
    bar.value = 0;
    state.textContent = "submitting";
    send(panel.getAttribute("data-api"), requestOf(panel)).then(function (created) {
      if (created.status !== 202) {
        done("Refused: " + (created.data.message || created.data.detail || created.status));
        return;
      }
      follow(created.data.url);
    }).catch(function () { done("The request failed."); });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-simulation-run]");
    if (button) simulate(button.closest("[data-simulation]"));
  });
})();
