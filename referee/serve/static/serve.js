// referee serve: a page that follows the files. Every second it asks the server for the
// tag of what it shows; when that changed (an entry at a table, a referee command in a
// terminal, a director's decision), it fetches the page again and puts it in place.
// On a table's page, tapping a card asks for that card's captures. Without script every
// form still works (a full reload).
(function () {
  "use strict";
  var body = document.body;
  var poll = body.getAttribute("data-poll");
  document.documentElement.className += " js";

  function fresh() {
    var url = new URL(location.href);
    ["did", "cards", "step", "changed", "token", "base", "digest", "command"].forEach(function (k) { url.searchParams.delete(k); });
    if (body.classList.contains("table")) { url.searchParams.set("changed", "1"); }
    return url.toString();
  }

  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var main = doc.querySelector("main");
    if (!main) { return; }
    document.querySelector("main").replaceWith(main);
    body.setAttribute("data-tag", doc.body.getAttribute("data-tag") || "");
    wire();
  }

  function check() {
    fetch(poll, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (tag) {
        if (tag && tag !== body.getAttribute("data-tag")) {
          return fetch(fresh(), { cache: "no-store" }).then(function (r) { return r.text(); }).then(swap);
        }
      })
      .catch(function () {})
      .then(function () { setTimeout(check, 1000); });
  }

  var asked = 0;  // the last card tapped: an older card's answer arriving late is dropped

  function wire() {
    var box = document.getElementById("choices");
    if (!box) { return; }
    document.querySelectorAll("#play input[name=cards]").forEach(function (input) {
      input.addEventListener("change", function () {
        var url = new URL(box.getAttribute("data-url"), location.href);
        url.searchParams.set("cards", input.value);
        var lang = new URL(location.href).searchParams.get("lang");
        if (lang) { url.searchParams.set("lang", lang); }
        var mine = ++asked;
        fetch(url, { cache: "no-store" }).then(function (r) { return r.text(); }).then(function (html) {
          if (mine !== asked) { return; }
          box.querySelectorAll("label").forEach(function (l) { l.remove(); });
          box.insertAdjacentHTML("beforeend", html);
          box.hidden = !box.querySelector("label");
        });
      });
    });
  }

  wire();
  if (poll) { setTimeout(check, 1000); }
})();
