// A table's live client (docs/tables.md, "The protocol"). The page works without it (every move is a form);
// with it, moves go over the table's WebSocket with the seq they follow and an idempotency key, the board is
// redrawn by the server after each move, every move is announced in words, and a dropped connection
// reconnects and asks for the moves it missed since the last seq it saw.
(function () {
  "use strict";
  var root = document.getElementById("table-page");
  if (!root || !window.WebSocket) return;
  var tableId = root.dataset.table;
  var base = root.dataset.wsUrl || ((location.protocol === "https:" ? "wss:" : "ws:") + "//" + location.host);
  var url = base + "/ws/tables/" + tableId + "/";
  var boardUrl = root.dataset.boardUrl;
  var status = document.getElementById("table-connection");
  var announce = document.getElementById("table-announce");
  var problem = document.getElementById("table-problem");
  var socket = null;
  var retry = 0;
  var pending = null;  // the move sent and not yet answered: sent again, with its key, after a reconnect
  var resent = 0;
  var lastSeq = currentSeq();
  var drawnAt = Date.now();  // when the board's clock figures (the server's) were drawn
  var flagAsked = false;

  function board() { return document.getElementById("board"); }
  function currentSeq() { var b = board(); return b ? Number(b.dataset.seq) || 0 : 0; }
  function say(text) {
    if (!announce) return;
    announce.textContent = text;  // the live region reads each move out
  }
  function showProblem(text) {
    if (!problem) return;
    problem.textContent = text || "";
    problem.hidden = !text;
  }
  function setBusy(busy) {
    document.querySelectorAll("form.table-move button").forEach(function (b) { b.disabled = busy; });
  }

  function refreshBoard(attempt) {
    attempt = attempt || 0;
    return fetch(boardUrl, { credentials: "same-origin", headers: { "X-Requested-With": "table.js" } })
      .then(function (r) { return r.ok ? r.text() : null; }, function () { return null; })
      .then(function (html) {
        if (html === null) {  // a busy or restarting server: try again a few times, then the next message will
          if (attempt < 5) setTimeout(function () { refreshBoard(attempt + 1); }, 400 * (attempt + 1));
          return;
        }
        var old = board();
        var focused = document.activeElement && old && old.contains(document.activeElement);
        var wrap = document.createElement("div");
        wrap.innerHTML = html;
        var fresh = wrap.firstElementChild;
        if (old && fresh) { old.replaceWith(fresh); drawnAt = Date.now(); flagAsked = false; }
        document.querySelectorAll(".table-resign input[name=after]").forEach(function (i) { i.value = currentSeq(); });
        if (focused) {  // keyboard play: focus the first move of the new board, or the board itself
          var first = document.querySelector("form.table-move button");
          if (first) first.focus();
        }
        if (fresh && old && fresh.dataset.status !== old.dataset.status) location.reload();
      });
  }

  function connect() {
    socket = new WebSocket(url);
    socket.onopen = function () {
      retry = 0;
      status.textContent = "Live";
      socket.send(JSON.stringify({ type: "hello", after: lastSeq }));
      if (pending) socket.send(JSON.stringify(pending));  // the same key: applied once, whatever happened
    };
    socket.onmessage = function (event) {
      var m;
      try { m = JSON.parse(event.data); } catch (e) { return; }
      if (m.type === "move") {
        say(m.words);
        lastSeq = Math.max(lastSeq, m.seq);
      } else if (m.type === "state") {
        setBusy(false);
        var changed = m.seq !== currentSeq() || m.status !== (board() && board().dataset.status) ||
          m.offers_tag !== (board() && board().dataset.offers);
        lastSeq = m.seq;
        if (changed) refreshBoard();
      } else if (m.type === "refused" && m.code === "retry" && pending && m.key === pending.key && resent < 5) {
        resent += 1;
        setTimeout(function () { if (pending) send(pending); }, 300 * resent);
      } else if (m.type === "refused") {
        if (pending && m.key === pending.key) { pending = null; resent = 0; }
        setBusy(false);
        showProblem(m.detail);
        say("Refused: " + m.detail);
        if (m.code === "stale") refreshBoard();
      } else if (m.type === "ack") {
        if (pending && m.key === pending.key) { pending = null; resent = 0; }
        showProblem("");
      } else if (m.type === "phrase") {
        var seat = document.querySelectorAll(".play-seat h2")[m.seat];
        var who = seat ? seat.firstChild.textContent.trim() : "A player";
        say(who + " says: " + m.text);
      }
    };
    socket.onclose = function () {
      status.textContent = "Reconnecting…";
      setBusy(false);
      retry = Math.min(retry + 1, 5);
      setTimeout(connect, 500 * Math.pow(2, retry));
    };
  }

  // The clocks count down from the server's figures; the server decides when a flag falls (docs/tables.md,
  // "Clocks"): at 0 the client only says hello, and the server ends the game if the time is really out.
  function clockText(seconds) {
    var whole = Math.max(0, Math.floor(seconds));
    var h = Math.floor(whole / 3600), m = Math.floor((whole % 3600) / 60), s = whole % 60;
    if (h >= 10) return h + " h " + m + " min";
    var mm = h ? String(m).padStart(2, "0") : String(m);
    return (h ? h + ":" : "") + mm + ":" + String(s).padStart(2, "0");
  }
  function tick() {
    var spent = (Date.now() - drawnAt) / 1000;
    document.querySelectorAll(".table-clock[data-runs]").forEach(function (el) {
      var left = Number(el.dataset.left) - spent;
      el.textContent = clockText(left);
      el.classList.toggle("table-clock-low", left < 30);
      if (left <= 0 && !flagAsked) {
        flagAsked = true;
        send({ type: "hello", after: lastSeq });
      }
    });
  }
  setInterval(tick, 1000);

  function send(message) {
    if (!socket || socket.readyState !== WebSocket.OPEN) return false;
    socket.send(JSON.stringify(message));
    return true;
  }

  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (form.classList.contains("table-move")) {
      var legal = document.getElementById("table-legal");
      var index = Number(form.elements.index.value);
      var actions = legal ? JSON.parse(legal.textContent) : [];
      if (!actions[index]) return;  // the form posts instead
      var action = actions[index];
      // A typed answer (a Quote, a Quote It): the text goes with the move.
      if (form.elements.text) action = Object.assign({}, action, { text: form.elements.text.value });
      var move = { type: "move", after: Number(form.elements.after.value), key: form.elements.key.value, action: action };
      if (send(move)) { event.preventDefault(); pending = move; setBusy(true); }
    } else if (form.classList.contains("table-resign")) {
      event.preventDefault();
      if (!window.confirm("Resign this game?")) return;
      var resign = { type: "resign", after: currentSeq(), key: form.elements.key.value };
      if (send(resign)) pending = resign; else form.submit();
    }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-phrase]");
    if (button) send({ type: "phrase", phrase: Number(button.dataset.phrase) });
  });
  connect();
})();
