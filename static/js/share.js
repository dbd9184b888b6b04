// Share the evening's picture: <button data-share data-url="…png">. The phone's share sheet
// where the browser can share files (Web Share API, HTTPS only), else a plain download.
// The file is fetched from the first touch, so the share still runs inside the tap.
(function () {
  "use strict";
  var files = {};
  function fetched(url) {
    files[url] = files[url] || fetch(url, { credentials: "same-origin" }).then(function (r) {
      if (!r.ok) { throw new Error("HTTP " + r.status); }
      return r.blob();
    });
    return files[url];
  }
  function download(url, name) {
    var link = document.createElement("a");
    link.href = url;
    link.download = name;
    document.body.appendChild(link);
    link.click();
    link.remove();
  }
  function share(button) {
    var url = button.dataset.url;
    var name = button.dataset.filename || url.split("/").pop().split("?")[0];
    if (!window.isSecureContext || !navigator.canShare) { download(url, name); return; }
    fetched(url).then(function (blob) {
      var file = new File([blob], name, { type: blob.type || "image/png" });
      if (!navigator.canShare({ files: [file] })) { throw new Error("no files"); }
      // The words go with the picture: what it shows, for whoever cannot see it.
      var shared = { files: [file], title: button.dataset.title || document.title };
      if (button.dataset.text) { shared.text = button.dataset.text; }
      return navigator.share(shared);
    }).catch(function (error) {
      if (error.name !== "AbortError") { download(url, name); } // AbortError: sheet closed
    });
  }
  document.addEventListener("pointerdown", function (event) {
    var button = event.target.closest && event.target.closest("[data-share][data-url]");
    if (button && window.isSecureContext && navigator.canShare) { fetched(button.dataset.url); }
  });
  document.addEventListener("click", function (event) {
    var button = event.target.closest && event.target.closest("[data-share][data-url]");
    if (button) { event.preventDefault(); share(button); }
  });
})();
