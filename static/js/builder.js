// The deck builder (templates/decks/builder.html). The working list lives in the
// page, in the hidden JSON field #deck-cards ([{set, number, title, count}], one
// entry per printing); every change posts the deck form to the panel endpoint,
// which writes nothing and answers with the deck panel (list, stock, totals,
// validation). Save posts the same form to the save endpoint. Search results
// are loaded by htmx (see the search form's hx-* attributes).
(function () {
  "use strict";

  var form = document.getElementById("deck-form");
  if (!form) return;
  var MAX_COUNT = 999;
  var cardsField = document.getElementById("deck-cards");
  var boardField = document.getElementById("deck-considering");
  var deckIdField = document.getElementById("deck-id");
  var versionField = document.getElementById("deck-version");
  var saveButton = document.getElementById("deck-save");
  var dirtyLabel = document.getElementById("deck-dirty");
  var searchForm = document.getElementById("builder-search");
  var searchBox = document.getElementById("builder-q");
  var csrfToken = form.querySelector("input[name=csrfmiddlewaretoken]").value;

  // The deck pane sticks below the site header, whose height depends on how its links wrap.
  var header = document.querySelector(".site-header");
  function measureHeader() {
    var sticky = header && window.getComputedStyle(header).position === "sticky";
    document.documentElement.style.setProperty("--header-h", (sticky ? header.offsetHeight : 0) + "px");
  }
  if (header) {
    measureHeader();
    window.addEventListener("resize", measureHeader);
  }

  var panelController = null; // the panel request in flight, aborted by a newer one
  var panelSeq = 0; // answers older than the latest request are dropped
  var saving = false;

  function readList(input) {
    try {
      var list = JSON.parse(input.value || "[]");
      return Array.isArray(list) ? list : [];
    } catch (e) {
      return [];
    }
  }

  function entries() {
    return readList(cardsField);
  }

  function setEntries(list) {
    cardsField.value = JSON.stringify(list);
  }

  function field(name) {
    var el = form.elements[name];
    return el ? el.value : "";
  }

  // What a save would store: the list and the board (in a stable order) and the deck's fields.
  function stable(list) {
    return list
      .filter(function (e) { return e.count > 0; })
      .map(function (e) { return [String(e.set), String(e.number), e.count]; })
      .sort(function (a, b) { return a[0] === b[0] ? (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0) : a[0] < b[0] ? -1 : 1; });
  }

  function snapshot() {
    return JSON.stringify([
      stable(entries()), stable(readList(boardField)),
      field("name"), field("format"), field("visibility"), field("description")
    ]);
  }

  var savedSnapshot = snapshot();

  function isDirty() {
    return snapshot() !== savedSnapshot;
  }

  function updateDirty(text) {
    var dirty = isDirty();
    dirtyLabel.classList.toggle("is-dirty", dirty && !text);
    dirtyLabel.textContent = text || (dirty ? "Unsaved changes" : deckIdField.value ? "All changes saved" : "Not saved yet");
    updateJump();
  }

  // The bar that keeps the deck's count and verdict in view on narrow screens.
  var jump = document.getElementById("builder-jump");
  function updateJump() {
    if (!jump) return;
    var total = entries().reduce(function (sum, e) { return sum + e.count; }, 0);
    document.getElementById("jump-count").textContent = total;
    document.getElementById("jump-plural").textContent = total === 1 ? "" : "s";
    document.getElementById("jump-dirty").hidden = !isDirty();
    var validation = document.getElementById("deck-validation");
    var legal = !!validation && validation.dataset.legal === "true";
    var verdict = document.getElementById("jump-verdict");
    verdict.textContent = legal ? "Legal" : "Not legal";
    verdict.classList.toggle("is-legal", legal);
  }
  if (jump && "IntersectionObserver" in window) {
    // Hidden while the deck itself is on screen.
    new IntersectionObserver(function (seen) {
      jump.hidden = seen[0].isIntersecting;
    }).observe(form);
  }

  function titleKey(title) {
    return String(title || "").toLowerCase().replace(/\s+/g, " ").trim();
  }

  // ------------------------------------------------------------ changing the list
  function change(set, number, title, delta) {
    var list = entries();
    var found = null;
    for (var i = 0; i < list.length; i++) {
      if (String(list[i].set) === set && String(list[i].number) === number) {
        found = list[i];
        break;
      }
    }
    if (!found) {
      if (delta <= 0) return;
      found = { set: set, number: number, title: title, count: 0 };
      list.push(found);
    }
    found.count = Math.min(MAX_COUNT, found.count + delta);
    if (found.count <= 0) list.splice(list.indexOf(found), 1);
    setEntries(list);
    showCountsNow(set, number, found.count);
    markResults();
    updateDirty();
    refreshPanel();
  }

  // Every copy of one printing from the deck to the considering board, or back: one click.
  function move(set, number, title, toBoard) {
    var from = toBoard ? cardsField : boardField;
    var to = toBoard ? boardField : cardsField;
    var source = readList(from);
    var target = readList(to);
    var moved = 0;
    source = source.filter(function (e) {
      if (String(e.set) === set && String(e.number) === number) {
        moved += e.count;
        return false;
      }
      return true;
    });
    if (!moved) return;
    var found = null;
    target.forEach(function (e) {
      if (String(e.set) === set && String(e.number) === number) found = e;
    });
    if (found) found.count = Math.min(MAX_COUNT, found.count + moved);
    else target.push({ set: set, number: number, title: title, count: Math.min(MAX_COUNT, moved) });
    from.value = JSON.stringify(source);
    to.value = JSON.stringify(target);
    markResults();
    updateDirty();
    refreshPanel();
  }

  // The numbers the user just changed, before the panel comes back.
  function showCountsNow(set, number, count) {
    var total = document.getElementById("deck-total");
    if (total) {
      total.textContent = entries().reduce(function (sum, e) { return sum + e.count; }, 0);
    }
    document.querySelectorAll("#deck-panel .deck-printing").forEach(function (row) {
      if (row.dataset.set === set && row.dataset.number === number) {
        var value = row.querySelector(".deck-count");
        if (value) value.textContent = count;
      }
    });
  }

  // The most copies of a title the chosen format allows (Infinity: no limit): the base format's copy limit
  // unless the card's type is exempt, one of a Unique card where the format says so, one for a tournament's
  // restricted title, none for a banned one
  // (decks/formats/selectors.py, FormatChoice). "+3" adds up to it, never past it (issue #36).
  function copiesAllowed(row) {
    var select = document.getElementById("deck-format");
    var option = select && select.selectedOptions[0];
    var limits = {};
    try { limits = JSON.parse((option && option.dataset.limits) || "{}") || {}; } catch (e) { limits = {}; }
    var key = titleKey(row.dataset.title);
    if ((limits.banned || []).indexOf(key) !== -1) return 0;
    if ((limits.restricted || []).indexOf(key) !== -1) return 1;
    if (limits.unique && row.hasAttribute("data-unique")) return 1;
    var type = String(row.dataset.type || "").toLowerCase();
    if (limits.copies == null || (limits.exempt || []).indexOf(type) !== -1) return Infinity;
    return limits.copies;
  }

  function say(text) {
    var line = document.getElementById("builder-say");
    if (line) line.textContent = text;
  }

  function inDeckOfTitle(title) {
    var key = titleKey(title);
    return entries().reduce(function (sum, e) { return sum + (titleKey(e.title) === key ? e.count : 0); }, 0);
  }

  function addMany(row, copies) {
    var room = copiesAllowed(row) - inDeckOfTitle(row.dataset.title);
    var adding = Math.max(0, Math.min(copies, room));
    if (adding === 0) {
      say("The format allows no more copies of " + row.dataset.title + ".");
      return;
    }
    var most = copiesAllowed(row);
    if (adding < copies) say("Added " + adding + ": the format allows at most " + (most === 1 ? "1 copy" : most + " copies") + " of " + row.dataset.title + ".");
    change(row.dataset.set, row.dataset.number, row.dataset.title, adding);
  }

  // In the search results: copies of each title already in the deck, and a
  // warning when the next copy would be one another built deck holds.
  function markResults() {
    var byTitle = {};
    var byPrinting = {};
    entries().forEach(function (e) {
      var key = titleKey(e.title);
      byTitle[key] = (byTitle[key] || 0) + e.count;
      byPrinting[e.set + "/" + e.number] = e.count;
    });
    document.querySelectorAll("#builder-results .result-row").forEach(function (row) {
      var inDeck = byTitle[titleKey(row.dataset.title)] || 0;
      var badge = row.querySelector(".in-deck");
      if (badge) {
        badge.hidden = !inDeck;
        badge.textContent = "in deck: " + inDeck;
      }
      row.classList.toggle("in-the-deck", inDeck > 0);
      var remove = row.querySelector(".builder-remove");
      if (remove) remove.disabled = !byPrinting[row.dataset.set + "/" + row.dataset.number];
      var warn = row.querySelector(".result-warn");
      if (warn) {
        var owned = parseInt(row.dataset.owned, 10) || 0;
        var free = parseInt(row.dataset.free, 10) || 0;
        warn.hidden = !(inDeck + 1 > free && inDeck + 1 <= owned);
      }
    });
  }

  // ------------------------------------------------------------ talking to the server
  function post(url, signal) {
    return fetch(url, {
      method: "POST",
      body: new FormData(form),
      headers: { "X-CSRFToken": csrfToken, "X-Builder": "1" },
      credentials: "same-origin",
      signal: signal
    }).then(function (response) {
      return response.text().then(function (text) {
        return { response: response, text: text };
      });
    });
  }

  function signedOut(response) {
    return response.redirected && response.url.indexOf("/accounts/login") !== -1;
  }

  function showProblem(text) {
    var panel = document.getElementById("deck-panel");
    var box = document.getElementById("deck-save-message");
    if (!box) {
      box = document.createElement("div");
      box.id = "deck-save-message";
      panel.insertBefore(box, panel.firstChild);
    }
    box.className = "builder-message builder-message-error";
    box.setAttribute("role", "alert");
    box.dataset.kind = "error";
    box.innerHTML = "";
    var p = document.createElement("p");
    p.textContent = text;
    box.appendChild(p);
  }

  function swapPanel(html, status) {
    var holder = document.createElement("template");
    holder.innerHTML = html.trim();
    var fresh = holder.content.querySelector("#deck-panel");
    var current = document.getElementById("deck-panel");
    if (!fresh) {
      showProblem("The list could not be checked (the server answered " + status + "). Your list is kept: try again.");
      return;
    }
    // A conflict's choices stay until the next save, however the list changes.
    var conflict = current.querySelector("#deck-save-message[data-kind=conflict]");
    if (conflict && !fresh.querySelector("#deck-save-message")) {
      fresh.insertBefore(conflict, fresh.firstChild);
    }
    var focusKey = document.activeElement && document.activeElement.dataset ? document.activeElement.dataset.focus : null;
    var hadFocus = current.contains(document.activeElement);
    current.replaceWith(fresh);
    updateJump();
    if (hadFocus && focusKey) {
      var again = fresh.querySelector('[data-focus="' + focusKey.replace(/"/g, '\\"') + '"]');
      if (again) again.focus();
    }
  }

  function showMessageOf(html) {
    var holder = document.createElement("template");
    holder.innerHTML = html.trim();
    var message = holder.content.querySelector("#deck-save-message");
    var panel = document.getElementById("deck-panel");
    var old = document.getElementById("deck-save-message");
    if (old) old.remove();
    if (message) panel.insertBefore(message, panel.firstChild);
  }

  function refreshPanel() {
    if (panelController) panelController.abort();
    var controller = new AbortController();
    panelController = controller;
    var seq = ++panelSeq;
    document.getElementById("deck-panel").classList.add("is-loading");
    post(form.dataset.panelUrl, controller.signal)
      .then(function (res) {
        if (seq !== panelSeq) return;
        if (signedOut(res.response)) {
          showProblem("You are signed out. Sign in again in another tab; your list is kept here.");
          document.getElementById("deck-panel").classList.remove("is-loading");
          return;
        }
        if (res.response.status === 429) {
          showProblem("Too many checks in a minute; your list is kept. It is checked again at your next change.");
          document.getElementById("deck-panel").classList.remove("is-loading");
          return;
        }
        swapPanel(res.text, res.response.status);
      })
      .catch(function (error) {
        if (error.name === "AbortError" || seq !== panelSeq) return;
        document.getElementById("deck-panel").classList.remove("is-loading");
        showProblem("The server could not be reached; your list is kept. Change it again or save to retry.");
      });
  }

  function save(overwriteVersion) {
    if (saving) return;
    saving = true;
    saveButton.disabled = true;
    updateDirty("Saving…");
    if (overwriteVersion) versionField.value = overwriteVersion;
    var sent = snapshot();
    // The save answers with the panel; a panel answer still on its way is older.
    if (panelController) panelController.abort();
    var seq = ++panelSeq;
    post(form.dataset.saveUrl)
      .then(function (res) {
        var response = res.response;
        if (signedOut(response)) {
          showProblem("You are signed out, so the deck was not saved. Sign in again in another tab, then save; your list is kept here.");
          return;
        }
        if (response.status === 429) {
          showProblem("Too many saves in a minute, so the deck was not saved. Your list is kept: wait a minute, then save.");
          return;
        }
        if (response.ok) saved(response, sent);
        if (seq === panelSeq) {
          swapPanel(res.text, response.status);
        } else {
          showMessageOf(res.text); // the list changed meanwhile: its panel is on its way
        }
      })
      .catch(function () {
        showProblem("The server could not be reached, so the deck was not saved. Your list is kept: try again.");
      })
      .then(function () {
        saving = false;
        saveButton.disabled = false;
        updateDirty();
      });
  }

  function saved(response, sent) {
    var id = response.headers.get("X-Deck-Id");
    var version = response.headers.get("X-Deck-Version");
    var url = response.headers.get("X-Deck-Url");
    var first = !deckIdField.value;
    deckIdField.value = id;
    versionField.value = version;
    savedSnapshot = sent;
    if (url && window.location.pathname !== url) window.history.replaceState(null, "", url);
    document.getElementById("builder-heading").textContent = field("name");
    document.getElementById("deck-version-label").textContent = "version " + version;
    document.title = "Edit " + field("name") + " · Chapter and Verse card site";
    if (first) {
      var link = document.getElementById("deck-page-link");
      if (link) {
        link.href = url.replace(/edit\/$/, "");
        link.hidden = false;
      }
      var gameSwitch = document.getElementById("game-switch");
      if (gameSwitch) gameSwitch.remove();
      // Search "free copies" as this deck sees them (its own reservations are its own).
      if (searchForm && !searchForm.elements.deck) {
        var input = document.createElement("input");
        input.type = "hidden";
        input.name = "deck";
        input.value = id;
        searchForm.appendChild(input);
      }
    }
  }

  // ------------------------------------------------------------ events
  document.addEventListener("click", function (event) {
    var button = event.target.closest("button");
    if (!button) return;
    var row;
    if (button.matches(".builder-add, .builder-remove")) {
      row = button.closest(".result-row");
      change(row.dataset.set, row.dataset.number, row.dataset.title, button.matches(".builder-add") ? 1 : -1);
    } else if (button.matches(".builder-add-many")) {
      // Several copies in one click (a deck of 40 took 49 clicks at one a copy; issue #36).
      row = button.closest(".result-row");
      addMany(row, parseInt(button.dataset.copies, 10) || 1);
    } else if (button.matches(".deck-plus, .deck-minus")) {
      row = button.closest(".deck-printing");
      change(row.dataset.set, row.dataset.number, row.dataset.title, button.matches(".deck-plus") ? 1 : -1);
    } else if (button.matches(".deck-to-board")) {
      row = button.closest(".deck-printing");
      move(row.dataset.set, row.dataset.number, row.dataset.title, true);
    } else if (button.matches(".board-to-deck")) {
      row = button.closest(".board-printing");
      move(row.dataset.set, row.dataset.number, row.dataset.title, false);
    } else if (button.dataset.builderAction === "overwrite") {
      var box = document.getElementById("deck-save-message");
      if (box) box.remove();
      save(button.dataset.version);
    }
  });

  form.addEventListener("submit", function (event) {
    event.preventDefault();
    save();
  });

  form.addEventListener("input", function (event) {
    if (event.target.matches("#deck-name, #deck-description")) updateDirty();
  });

  form.addEventListener("change", function (event) {
    if (event.target.id === "deck-format") {
      updateDirty();
      refreshPanel();
    } else if (event.target.id === "deck-visibility") {
      updateDirty();
    }
  });

  var gameChoice = document.getElementById("game-choice");
  if (gameChoice) {
    gameChoice.addEventListener("change", function () {
      gameChoice.form.submit();
    });
  }

  function typing(el) {
    return el && el.matches && el.matches("input, textarea, select, [contenteditable]");
  }

  function moveFocus(row, step) {
    var rows = Array.prototype.slice.call(document.querySelectorAll("#builder-results .result-row"));
    var next = rows[rows.indexOf(row) + step];
    if (next) next.focus();
    else if (step < 0 && searchBox) searchBox.focus();
  }

  document.addEventListener("keydown", function (event) {
    if (event.defaultPrevented || event.altKey) return;
    var target = event.target;
    if ((event.ctrlKey || event.metaKey) && (event.key === "s" || event.key === "S")) {
      event.preventDefault();
      save();
      return;
    }
    if (event.ctrlKey || event.metaKey) return;
    if (event.key === "/" && !typing(target)) {
      event.preventDefault();
      searchBox.focus();
      searchBox.select();
      return;
    }
    if (target === searchBox && event.key === "ArrowDown") {
      var first = document.querySelector("#builder-results .result-row");
      if (first) {
        event.preventDefault();
        first.focus();
      }
      return;
    }
    if (typing(target)) return;
    var row = target.closest && target.closest(".result-row, .deck-printing");
    if (!row) return;
    if (event.key === "Enter" && target.tagName === "BUTTON") return; // the button's own click
    if (event.key === "Enter" || event.key === "+" || event.key === "=") {
      event.preventDefault();
      change(row.dataset.set, row.dataset.number, row.dataset.title, 1);
    } else if (event.key === "3" && row.matches(".result-row")) {
      event.preventDefault();
      addMany(row, 3);
    } else if (event.key === "-" || event.key === "_") {
      event.preventDefault();
      change(row.dataset.set, row.dataset.number, row.dataset.title, -1);
    } else if (row.matches(".result-row") && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      moveFocus(row, event.key === "ArrowDown" ? 1 : -1);
    }
  });

  // The picker above the deck (templates/_partials/card_picker.html): a picked card is one copy more.
  document.addEventListener("card-picked", function (event) {
    if (!event.target.closest || !event.target.closest("#deck-form")) return;
    var card = event.detail;
    if (card.set && card.number) change(card.set, card.number, card.title, 1);
  });

  // New search results: show what the deck already holds.
  document.addEventListener("htmx:afterSettle", function (event) {
    if (event.target && (event.target.id === "builder-results" || event.target.closest("#builder-results"))) markResults();
  });
  document.addEventListener("htmx:afterSwap", markResults);

  window.addEventListener("beforeunload", function (event) {
    if (!isDirty()) return;
    event.preventDefault();
    event.returnValue = "";
  });

  markResults();
  updateDirty();
})();
