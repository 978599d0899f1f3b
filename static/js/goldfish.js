// The goldfish page: run a simulation or a play-out through the API and poll its job.
// No library; the request is the one the exact chart was drawn for (#goldfish-request).
(function () {
  "use strict";

  var POLL_MS = 300;
  // After this long still queued, the page says no worker has taken the job (#16: workers down).
  var QUEUED_HINT_MS = 15000;
  var current = null; // {url, timer}

  function csrfToken() {
    try {
      return JSON.parse(document.body.getAttribute("hx-headers") || "{}")["X-CSRFToken"] || "";
    } catch (e) {
      return "";
    }
  }

  function api(method, url, body) {
    var options = {
      method: method,
      credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": csrfToken() },
    };
    if (body !== undefined) {
      options.headers["Content-Type"] = "application/json";
      options.body = JSON.stringify(body);
    }
    return fetch(url, options).then(function (response) {
      return response.json().then(function (data) { return { status: response.status, data: data }; });
    });
  }

  function el(id) { return document.getElementById(id); }

  function setState(text, progress) {
    el("run-status").hidden = false;
    el("run-state").textContent = text;
    if (progress !== undefined) el("run-progress").value = progress;
  }

  function percent(p) { return (p * 100).toFixed(1) + "%"; }

  function table(caption, turns, rows) {
    var t = document.createElement("table");
    t.className = "run-table";
    var cap = t.createCaption();
    cap.textContent = caption;
    var head = t.createTHead().insertRow();
    var th = document.createElement("th");
    th.textContent = "turn";
    head.appendChild(th);
    turns.forEach(function (turn) {
      var c = document.createElement("th");
      c.scope = "col";
      c.textContent = turn;
      head.appendChild(c);
    });
    var body = t.createTBody();
    rows.forEach(function (row) {
      var tr = body.insertRow();
      var name = document.createElement("th");
      name.scope = "row";
      name.textContent = row.name;
      tr.appendChild(name);
      row.probability.forEach(function (p, i) {
        var td = tr.insertCell();
        td.textContent = percent(p);
        td.title = "± " + percent(row.stderr[i] || 0);
      });
    });
    return t;
  }

  function showResult(result) {
    var box = el("run-result");
    box.textContent = "";
    var info = document.createElement("p");
    info.className = "run-summary";
    info.textContent = (result.mode === "play" ? "Play-out" : "Simulation") + ": " +
      result.trials.toLocaleString("en-US") + " trials, seed " + result.seed + ".";
    box.appendChild(info);
    if (result.queries && result.queries.length) box.appendChild(table("Chance by turn", result.turns, result.queries));
    if (result.outcomes && result.outcomes.length) box.appendChild(table("Outcomes by turn", result.turns, result.outcomes));
    if (result.unmodelled && result.unmodelled.length) {
      // Honesty beside the curves: these cards' printed effects were not played, so the curves may be off.
      var note = document.createElement("p");
      note.className = "run-unmodelled";
      note.textContent = "Effects the play-out could not model (played as plain cards): " + result.unmodelled.join(", ") + ".";
      box.appendChild(note);
    }
  }

  function finish() {
    if (current && current.timer) clearTimeout(current.timer);
    current = null;
    document.querySelectorAll("[data-goldfish-run]").forEach(function (b) { b.disabled = false; });
    var cancel = document.querySelector("[data-goldfish-cancel]");
    if (cancel) cancel.hidden = true;
  }

  function poll(job) {
    api("GET", job.url).then(function (reply) {
      if (current !== job) return;
      var s = reply.data;
      if (reply.status !== 200) { setState("Error: " + (s.detail || reply.status)); finish(); return; }
      var hintMs = parseInt(el("run-state").getAttribute("data-queued-hint-ms"), 10) || QUEUED_HINT_MS;
      var waiting = s.status === "queued" && Date.now() - job.started > hintMs;
      // No worker has taken the job for a while: say so rather than a bar that never moves.
      setState(s.status + " " + percent(s.progress) + (waiting ? " — no worker has started it yet; the workers may be busy or down" : ""), s.progress);
      if (s.status === "done") { showResult(s.result); finish(); return; }
      if (s.status === "failed" || s.status === "cancelled") {
        setState(s.status + (s.error ? ": " + s.error : ""), s.progress);
        finish();
        return;
      }
      job.timer = setTimeout(function () { poll(job); }, POLL_MS);
    }).catch(function () {
      if (current === job) job.timer = setTimeout(function () { poll(job); }, POLL_MS * 3);
    });
  }

  function run(mode) {
    var source = el("goldfish-request");
    if (!source || current) return;
    var body = JSON.parse(source.textContent);
    body.mode = mode;
    body.trials = parseInt(el("trials").value, 10) || 1000000;
    var seed = el("sim-seed").value;
    if (seed !== "") body.seed = parseInt(seed, 10);
    if (mode === "play" && !body.queries.length) delete body.queries;
    el("run-result").textContent = "";
    setState("submitting", 0);
    document.querySelectorAll("[data-goldfish-run]").forEach(function (b) { b.disabled = true; });
    api("POST", "/api/v1/goldfish/", body).then(function (reply) {
      if (reply.status !== 202) {
        var d = reply.data || {};
        setState("Refused: " + (d.field ? d.field + ": " : "") + (d.message || d.detail || reply.status));
        finish();
        return;
      }
      current = { url: reply.data.url, timer: null, started: Date.now() };
      var cancel = document.querySelector("[data-goldfish-cancel]");
      if (cancel) cancel.hidden = false;
      setState("queued", 0);
      poll(current);
    }).catch(function () { setState("The request failed."); finish(); });
  }

  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-goldfish-run]");
    if (button) { run(button.getAttribute("data-goldfish-run")); return; }
    if (event.target.closest && event.target.closest("[data-goldfish-cancel]") && current) {
      api("DELETE", current.url);
    }
  });

  // A new chart means a new request: forget the last run's result.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (event.detail.target && event.detail.target.id === "odds-result") finish();
  });
})();
