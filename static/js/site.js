// Progressive enhancements; every page works without this file.
(function () {
  "use strict";

  // The visitor's time zone, for the server to show and read times in (cardsite/timezones.py).
  try {
    var zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
    if (zone && !document.cookie.split("; ").some(function (c) { return c === "tz=" + zone; })) {
      document.cookie = "tz=" + zone + "; path=/; max-age=31536000; SameSite=Lax";
    }
  } catch (e) { /* an old browser: times stay in UTC, and the forms say so */ }

  // An htmx request that ends on the login page (the session ended, e.g. a log-out in another tab), or that
  // is refused (403: the page's security token is stale; 429: too many at once), swaps nothing: it says so
  // above the page instead (the login page used to land inside a card tile, a 403 to do nothing at all).
  function showProblem(text, withLogin) {
    var main = document.getElementById("main");
    if (!main) return;
    var box = document.getElementById("site-problem");
    if (!box) {
      box = document.createElement("div");
      box.id = "site-problem";
      box.className = "alert alert-error";
      box.setAttribute("role", "alert");
      main.insertBefore(box, main.firstChild);
    }
    box.textContent = text + " ";
    if (withLogin) {
      var link = document.createElement("a");
      link.href = "/accounts/login/?next=" + encodeURIComponent(window.location.pathname + window.location.search);
      link.textContent = "Log in again";
      box.appendChild(link);
    }
    box.scrollIntoView({ block: "nearest" });
  }
  document.addEventListener("htmx:beforeSwap", function (event) {
    var xhr = event.detail.xhr;
    if (xhr.responseURL && xhr.responseURL.indexOf("/accounts/login/") !== -1) {
      event.detail.shouldSwap = false;
      showProblem("You are signed out, so that was not done.", true);
    } else if (xhr.status === 403) {
      showProblem("That was refused and nothing changed: reload the page, then try again.", false);
    } else if (xhr.status === 429) {
      showProblem("Too many changes at once, so that was not done: wait a moment, then try again.", false);
    }
  });

  // Search and filter forms: leave empty fields out of the request, so the
  // URL that htmx pushes shows only the filters in use (?q=faith, not ?q=faith&theme=&...).
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.verb !== "get") return;
    var params = event.detail.parameters;
    Object.keys(params).forEach(function (name) {
      if (params[name] === "") delete params[name];
    });
  });

  // A live search box already searches as the player types. Its `change`
  // event (fired when it loses focus, e.g. on clicking a result) must not reach
  // the form's `change` trigger: that second request would push a URL and
  // cancel the navigation the click started.
  document.addEventListener("change", function (event) {
    if (event.target.matches && event.target.matches("[data-live-search]")) event.stopPropagation();
  }, true);

  // Behaviour that would otherwise be an inline handler, which the Content-Security-Policy refuses:
  // <form data-confirm="question"> asks before it is sent, <button data-print> prints the page,
  // <select data-submit-on-change> sends its form when a choice is made.
  document.addEventListener("submit", function (event) {
    var question = event.target.getAttribute && event.target.getAttribute("data-confirm");
    if (question && !window.confirm(question)) event.preventDefault();
  });
  document.addEventListener("click", function (event) {
    if (event.target.closest && event.target.closest("[data-print]")) window.print();
  });
  document.addEventListener("change", function (event) {
    var select = event.target;
    if (!select.matches || !select.matches("[data-submit-on-change]") || !select.form) return;
    if (select.form.requestSubmit) select.form.requestSubmit();
    else select.form.submit();
  });

  // A card link (a.card-link: deck write-ups, trades, wishlists, missing cards; templates/_partials/card_name.html)
  // shows the card's image beside the pointer on hover or keyboard focus. Positioned through the CSSOM (the policy allows no style attributes in the markup).
  var preview = null;
  function showPreview(link, x, y) {
    var match = /^\/cards\/(\d+)\/$/.exec(link.getAttribute("href") || "");
    if (!match) return;
    if (!preview) {
      preview = document.createElement("img");
      preview.className = "card-preview";
      preview.alt = "";
      document.body.appendChild(preview);
    }
    preview.src = "/cards/" + match[1] + "/image/";
    preview.hidden = false;
    preview.style.left = Math.min(x + 16, window.innerWidth - 236) + "px";
    preview.style.top = Math.max(8, Math.min(y + 16, window.innerHeight - 320)) + "px";
  }
  function hidePreview() { if (preview) preview.hidden = true; }
  document.addEventListener("mouseover", function (event) {
    var link = event.target.closest && event.target.closest("a.card-link");
    if (link) showPreview(link, event.clientX, event.clientY);
  });
  document.addEventListener("focusin", function (event) {
    var link = event.target.closest && event.target.closest("a.card-link");
    if (!link) return;
    var box = link.getBoundingClientRect();
    showPreview(link, box.left, box.bottom);
  });
  document.addEventListener("mouseout", function (event) {
    if (event.target.closest && event.target.closest("a.card-link")) hidePreview();
  });
  document.addEventListener("focusout", hidePreview);
  // A touch screen has no hover: the first tap on a card link (or a deck list's line) shows its image, a
  // second tap opens the card, and a tap anywhere else hides it.
  var lastPointer = "mouse";
  var tapped = null;
  document.addEventListener("pointerdown", function (event) { lastPointer = event.pointerType; }, true);
  document.addEventListener("click", function (event) {
    if (lastPointer !== "touch") return;
    var link = event.target.closest && event.target.closest("a.card-link, a.deck-card-link");
    if (!link) { tapped = null; hidePreview(); return; }
    if (tapped === link) { tapped = null; return; }
    event.preventDefault();
    tapped = link;
    // A deck line carries its own preview, shown while the link has focus (site.css).
    if (link.classList.contains("deck-card-link")) { link.focus(); return; }
    var box = link.getBoundingClientRect();
    showPreview(link, box.left, box.bottom);
  });

  // Folding on a small screen: a <button data-toggle aria-controls="id" hidden> (the header's Menu, a search
  // form's Filters) is shown here, and the element it controls gets .is-collapsible, which site.css folds
  // away below 860px until the button opens it (.is-open). Without this file the button stays hidden and
  // the element in view. A [data-toggle-close] button inside, or Escape, folds it again.
  function controlled(button) { return document.getElementById(button.getAttribute("aria-controls")); }
  function setOpen(button, open) {
    var target = controlled(button);
    if (!target) return;
    button.setAttribute("aria-expanded", open ? "true" : "false");
    target.classList.toggle("is-open", open);
  }
  function buttonFor(target) { return document.querySelector('[data-toggle][aria-controls="' + target.id + '"]'); }

  // A Filters button shows how many filters of its drawer are in use: a .filter or .owned-toggle group
  // with a value typed, chosen or ticked (the drawer's sort menu is no filter).
  function countFilters(drawer) {
    var button = buttonFor(drawer);
    var badge = button && button.querySelector("[data-filter-count]");
    if (!badge) return;
    var used = 0;
    drawer.querySelectorAll(".filter:not(.sort-control), .owned-toggle").forEach(function (group) {
      var inUse = Array.prototype.some.call(group.querySelectorAll("input, select"), function (el) {
        if (el.type === "checkbox" || el.type === "radio") return el.checked && el.value !== "";
        return el.value !== "";
      });
      if (inUse) used += 1;
    });
    badge.textContent = String(used);
    badge.hidden = used === 0;
    button.setAttribute("aria-label", used ? "Filters, " + used + " in use" : "Filters");
  }

  document.querySelectorAll("[data-toggle][aria-controls]").forEach(function (button) {
    var target = controlled(button);
    if (!target) return;
    target.classList.add("is-collapsible");
    button.hidden = false;
    countFilters(target);
  });
  document.addEventListener("click", function (event) {
    if (!event.target.closest) return;
    var button = event.target.closest("[data-toggle][aria-controls]");
    if (button) {
      setOpen(button, button.getAttribute("aria-expanded") !== "true");
      return;
    }
    var close = event.target.closest("[data-toggle-close]");
    var box = close && close.closest(".is-collapsible");
    if (box && buttonFor(box)) {
      setOpen(buttonFor(box), false);
      buttonFor(box).focus();
    }
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll(".is-collapsible.is-open").forEach(function (box) {
      var button = buttonFor(box);
      if (!button) return;
      setOpen(button, false);
      if (box.contains(document.activeElement)) button.focus();
    });
  });
  ["input", "change"].forEach(function (type) {
    document.addEventListener(type, function (event) {
      var drawer = event.target.closest && event.target.closest(".is-collapsible");
      if (drawer) countFilters(drawer);
    });
  });

  // The same for the plain form submit (no htmx, or htmx not loaded yet).
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[method=get]")) return;
    if (window.htmx && form.hasAttribute("hx-get")) return; // handled by htmx:configRequest
    Array.prototype.forEach.call(form.elements, function (el) {
      if (el.name && el.value === "") el.disabled = true;
    });
    setTimeout(function () {
      Array.prototype.forEach.call(form.elements, function (el) { el.disabled = false; });
    }, 0);
  }, true);

  // The header's menus (<details class="nav-menu">) open and close without this file; with it, opening one
  // closes the others, and Escape or a click outside closes an open one (Escape gives focus back to its summary).
  document.addEventListener("toggle", function (event) {
    var menu = event.target;
    if (!menu.matches || !menu.matches("details.nav-menu") || !menu.open) return;
    document.querySelectorAll("details.nav-menu[open]").forEach(function (other) {
      if (other !== menu) other.open = false;
    });
  }, true);
  document.addEventListener("click", function (event) {
    document.querySelectorAll("details.nav-menu[open]").forEach(function (menu) {
      if (!menu.contains(event.target)) menu.open = false;
    });
  });
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape") return;
    document.querySelectorAll("details.nav-menu[open]").forEach(function (menu) {
      var inside = menu.contains(document.activeElement);
      menu.open = false;
      if (inside) menu.querySelector("summary").focus();
    });
  });
})();
