// The goldfish page: the Exact / Simulate / Play-out tabs, the ready-made questions, and running a
// simulation or a play-out through the API (polling its job, with a cancel button).
// No library; the server turns the form into the API request (POST /decks/goldfish/costs/, JSON),
// so the page and the API never disagree on what the rows mean.
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
    var cancelButton = document.querySelector("[data-goldfish-cancel]");
    if (cancelButton) cancelButton.hidden = true;
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

  // The API request the odds form stands for in `mode`, built by the server from the form as it is now.
  function formRequest(mode) {
    var form = el("odds-form");
    var data = new FormData(form);
    data.set("game", el("game").value);
    data.set("decklist", el("decklist").value);
    data.set("mode", mode);
    return fetch(form.getAttribute("data-costs-url"), {
      method: "POST",
      credentials: "same-origin",
      headers: { "Accept": "application/json", "X-CSRFToken": csrfToken() },
      body: data,
    }).then(function (response) {
      if (!response.ok) throw new Error(String(response.status));
      return response.json();
    }).then(function (data) { return data.request; });
  }

  function run(mode) {
    if (current) return;
    el("run-result").textContent = "";
    setState("submitting", 0);
    document.querySelectorAll("[data-goldfish-run]").forEach(function (b) { b.disabled = true; });
    formRequest(mode).then(function (body) {
      return api("POST", "/api/v1/goldfish/", body);
    }).then(function (reply) {
      if (reply.status !== 202) {
        var d = reply.data || {};
        setState("Refused: " + (d.field ? d.field + ": " : "") + (d.message || d.detail || reply.status));
        finish();
        return;
      }
      current = { url: reply.data.url, timer: null, started: Date.now() };
      var cancelButton = document.querySelector("[data-goldfish-cancel]");
      if (cancelButton) cancelButton.hidden = false;
      setState("queued", 0);
      poll(current);
    }).catch(function () { setState("The request failed."); finish(); });
  }

  function cancel() {
    if (!current) return;
    var job = current;
    setState("cancelling", el("run-progress").value);
    api("DELETE", job.url).then(function (reply) {
      if (current !== job) return;
      // 200: cancelled; 409: it had finished meanwhile, and the next poll shows its result.
      if (reply.status === 200) { setState("cancelled", reply.data.progress); finish(); }
    });
  }

  // Tabs: one panel shown at a time; arrow keys move between the tabs.
  function selectTab(tab) {
    var tabs = Array.prototype.slice.call(tab.parentNode.querySelectorAll("[role=tab]"));
    tabs.forEach(function (t) {
      var on = t === tab;
      t.setAttribute("aria-selected", on ? "true" : "false");
      t.tabIndex = on ? 0 : -1;
      el(t.getAttribute("aria-controls")).hidden = !on;
    });
  }

  // Ready-made questions: fill the rows and the turn from the chosen one, then empty the other rows.
  function useQuestion(value) {
    var data = JSON.parse(el("ready-questions").textContent);
    var parts = value.split(":");
    var question = (data[parts[0]] || [])[parseInt(parts[1], 10)];
    if (!question) return;
    var form = el("odds-form");
    if (el("game").value !== parts[0]) { el("game").value = parts[0]; el("game").dispatchEvent(new Event("change", { bubbles: true })); }
    for (var i = 0; form.elements["q-kind-" + i]; i++) {
      var row = question.rows[i];
      form.elements["q-kind-" + i].value = row ? row[0] : "title";
      form.elements["q-value-" + i].value = row ? row[1] : "";
      form.elements["q-at-least-" + i].value = row ? row[2] : 1;
    }
    el("turns").value = question.turns;
    document.body.dispatchEvent(new Event("costs-changed"));
  }

  // The ready-made questions offered are the chosen game's.
  function showGameQuestions() {
    var game = el("game") && el("game").value;
    document.querySelectorAll("#ready-question optgroup").forEach(function (group) {
      group.hidden = group.getAttribute("data-game") !== game;
    });
  }

  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    // "Use my recall (NN %)": the quote rate the learning page's link brought, filled in again.
    var fill = event.target.closest("[data-fill]");
    if (fill) {
      var input = el(fill.getAttribute("data-fill"));
      input.value = fill.getAttribute("data-value");
      input.dispatchEvent(new Event("input", { bubbles: true }));
      return;
    }
    var button = event.target.closest("[data-goldfish-run]");
    if (button) { run(button.getAttribute("data-goldfish-run")); return; }
    if (event.target.closest("[data-goldfish-cancel]")) { cancel(); return; }
    var tab = event.target.closest("[role=tab]");
    if (tab && tab.closest("#odds-form")) selectTab(tab);
  });

  document.addEventListener("keydown", function (event) {
    var tab = event.target.closest && event.target.closest("#odds-form [role=tab]");
    if (!tab || (event.key !== "ArrowRight" && event.key !== "ArrowLeft")) return;
    var tabs = Array.prototype.slice.call(tab.parentNode.querySelectorAll("[role=tab]"));
    var next = tabs[(tabs.indexOf(tab) + (event.key === "ArrowRight" ? 1 : tabs.length - 1)) % tabs.length];
    selectTab(next);
    next.focus();
    event.preventDefault();
  });

  document.addEventListener("change", function (event) {
    if (event.target.id === "ready-question" && event.target.value) useQuestion(event.target.value);
    if (event.target.id === "game") showGameQuestions();
  });

  document.addEventListener("DOMContentLoaded", showGameQuestions);
})();
