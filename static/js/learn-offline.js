// Learn offline (templates/learning/offline.html, docs/learning.md "Offline"): the due verses kept in this browser,
// self-graded reviews kept until they are sent. Each review has its own uuid; the API stores a uuid once, so a
// batch sent again after an answer that never came counts once. Keys are per account (data-user).
(function () {
  "use strict";
  const root = document.getElementById("learn-offline");
  if (!root) return;
  const user = root.dataset.user;
  const QUEUE = "learn-queue:" + user;
  const PENDING = "learn-pending:" + user;
  const $ = (sel) => root.querySelector(sel);
  const load = (key) => { try { return JSON.parse(localStorage.getItem(key)) || []; } catch (e) { return []; } };
  const save = (key, value) => localStorage.setItem(key, JSON.stringify(value));
  const csrf = () => (root.querySelector("input[name=csrfmiddlewaretoken]") || {}).value || "";
  let sending = false;

  function uuid4() {
    if (self.crypto && crypto.randomUUID) return crypto.randomUUID();
    const b = crypto.getRandomValues(new Uint8Array(16));
    b[6] = (b[6] & 0x0f) | 0x40; b[8] = (b[8] & 0x3f) | 0x80;
    const h = [...b].map((x) => x.toString(16).padStart(2, "0")).join("");
    return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`;
  }

  function show() {
    const pending = load(PENDING);
    const reviewed = new Set(pending.map((r) => r.verse));
    const queue = load(QUEUE).filter((v) => !reviewed.has(v.id));
    $("[data-offline-status]").textContent = navigator.onLine
      ? "Online: your verses are kept in this browser."
      : "Offline: your reviews wait in this browser.";
    $("[data-pending]").textContent = pending.length
      ? `${pending.length} review${pending.length === 1 ? "" : "s"} wait to be sent.`
      : "Every review is sent.";
    $("[data-left]").textContent = queue.length ? `${queue.length} due in this browser.` : "";
    const verse = queue[0];
    $("[data-verse]").hidden = !verse;
    $("[data-empty]").hidden = !!verse;
    if (!verse) return;
    root.dataset.verse = verse.id;
    $("[data-ref]").textContent = verse.reference;
    $("[data-title]").textContent = verse.title;
    $("[data-scripture]").textContent = verse.scripture;
    $("[data-scripture]").hidden = true;
    $("[data-show]").hidden = false;
  }

  async function refresh() {
    if (!navigator.onLine) return;
    try {
      const response = await fetch(root.dataset.queueUrl, { credentials: "same-origin", headers: { Accept: "application/json" } });
      if (response.ok) save(QUEUE, (await response.json()).verses);
    } catch (e) { /* no network after all: keep what is kept */ }
  }

  async function send() {
    if (sending || !navigator.onLine) return;
    sending = true;
    try {
      let pending = load(PENDING);
      while (pending.length) {
        const batch = pending.slice(0, 200);
        const response = await fetch(root.dataset.reviewsUrl, {
          method: "POST",
          credentials: "same-origin",
          headers: { "Content-Type": "application/json", "X-CSRFToken": csrf(), Accept: "application/json" },
          body: JSON.stringify({ reviews: batch }),
        });
        if (response.status === 400) {
          // One review the site refuses (its verse was removed): drop it, say so, and send the rest.
          const problem = await response.json();
          const at = /^reviews\[(\d+)\]/.exec(problem.field || "");
          if (!at) break;
          const bad = batch[Number(at[1])];
          save(PENDING, load(PENDING).filter((r) => r.uuid !== bad.uuid));
          $("[data-offline-status]").textContent = `A review was not kept: ${problem.message}`;
        } else if (response.ok) {
          const sent = new Set(batch.map((r) => r.uuid));
          save(PENDING, load(PENDING).filter((r) => !sent.has(r.uuid)));
        } else {
          break; // signed out, rate limited, the site down: they wait for the next try
        }
        pending = load(PENDING);
      }
    } catch (e) {
      /* the connection went again: they wait */
    } finally {
      sending = false;
    }
    await refresh();
    show();
  }

  $("[data-show]").addEventListener("click", () => {
    $("[data-scripture]").hidden = false;
    $("[data-show]").hidden = true;
  });
  root.querySelectorAll("[data-grade]").forEach((button) =>
    button.addEventListener("click", () => {
      const pending = load(PENDING);
      pending.push({ uuid: uuid4(), verse: Number(root.dataset.verse), grade: button.dataset.grade, kind: "recall", reviewed: new Date().toISOString() });
      save(PENDING, pending);
      show();
      send();
    })
  );
  window.addEventListener("online", send);
  window.addEventListener("offline", show);

  // The service worker keeps this page and its files; the files this load fetched are kept now too.
  if ("serviceWorker" in navigator) {
    navigator.serviceWorker.register(root.dataset.swUrl, { scope: root.dataset.swScope }).then(() => {
      if (!self.caches) return;
      const files = performance.getEntriesByType("resource").map((e) => e.name).filter((u) => new URL(u).origin === location.origin && new URL(u).pathname.startsWith("/static/"));
      // Said on the page once every copy is written: going offline while a copy is still being written can
      // leave none (the browser drops the old entry before it writes the new one).
      const kept = root.querySelector("[data-kept]");
      caches.open("learn-offline-v1").then((cache) => cache.addAll([location.pathname, ...files])).then(() => {
        root.dataset.kept = "yes";
        if (kept) kept.hidden = false;
      }).catch(() => {});
    }).catch(() => {});
  }
  show();
  send();
})();
