// referee serve: a page that follows the files. Every second it asks the server for the
// tag of what it shows; when that changed (an entry at a table, a referee command in a
// terminal, a director's decision), it fetches the page again and puts it in place.
// On a table's page, tapping a card asks for that card's captures, and an entry is sent
// without leaving the page. Without script every form still works (a full reload).
(function () {
  "use strict";
  var body = document.body;
  var poll = body.getAttribute("data-poll");
  var turn = 0;  // bumped by every entry sent: a page fetched before it is not put in place
  var asked = 0;  // the last card tapped: an older card's answer arriving late is dropped
  document.documentElement.className += " js";

  function fresh() {
    var url = new URL(location.href);
    ["did", "cards", "step", "changed"].forEach(function (k) { url.searchParams.delete(k); });
    if (body.classList.contains("table")) { url.searchParams.set("changed", "1"); }
    return url.toString();
  }

  function swap(html) {
    var doc = new DOMParser().parseFromString(html, "text/html");
    var main = doc.querySelector("main");
    if (!main) { return; }
    document.querySelector("main").replaceWith(main);
    body.setAttribute("data-tag", doc.body.getAttribute("data-tag") || "");
    body.setAttribute("data-swaps", String(Number(body.getAttribute("data-swaps") || 0) + 1));
    wire();
  }

  function check() {
    var mine = turn;
    fetch(poll, { cache: "no-store", credentials: "same-origin" })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (tag) {
        if (tag && tag !== body.getAttribute("data-tag") && mine === turn) {
          return fetch(fresh(), { cache: "no-store" }).then(function (r) { return r.text(); })
            .then(function (html) { if (mine === turn) { swap(html); } });
        }
      })
      .catch(function () {})
      .then(function () { setTimeout(check, 1000); });
  }

  function send(event) {
    var form = event.target;
    if (!form.matches || !form.matches("form[method=post]") || !window.fetch) { return; }
    event.preventDefault();
    var mine = ++turn;
    var data = new URLSearchParams(new FormData(form, event.submitter));
    form.querySelectorAll("button").forEach(function (b) { b.disabled = true; });
    fetch(form.getAttribute("action") || location.href, {
      method: "POST", body: data, credentials: "same-origin", cache: "no-store",
    }).then(function (r) {
      return r.text().then(function (html) {
        if (mine !== turn) { return; }
        turn += 1;  // a tag asked for before this answer is not the page's any more
        history.replaceState(null, "", r.url);
        swap(html);
        window.scrollTo(0, 0);
      });
    }).catch(function () { form.submit(); });
  }

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
          box.setAttribute("data-for", input.value);
          var record = box.form && box.form.querySelector("button.record");
          if (record && record.scrollIntoView) { record.scrollIntoView({ block: "nearest" }); }
        });
      });
    });
  }

  document.addEventListener("submit", send);
  wire();
  if (poll) { setTimeout(check, 1000); }
})();
