// Progressive enhancements; every page works without this file.
(function () {
  "use strict";

  // Search and filter forms: leave empty fields out of the request, so the
  // URL that htmx pushes shows only the filters in use (?q=faith, not ?q=faith&theme=&...).
  document.addEventListener("htmx:configRequest", function (event) {
    if (event.detail.verb !== "get") return;
    var params = event.detail.parameters;
    Object.keys(params).forEach(function (name) {
      if (params[name] === "") delete params[name];
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
})();
