// Starts ReDoc on the API's redoc page (templates/api_docs/redoc.html), with no inline script.
(function () {
  "use strict";
  var container = document.getElementById("redoc-container");
  var options = JSON.parse(container.dataset.settings || "{}");
  // ReDoc writes its styles as <style> elements: the page's policy allows them by this nonce.
  options.nonce = document.currentScript.nonce;
  window.Redoc.init(container.dataset.schemaUrl, options, container);
})();
