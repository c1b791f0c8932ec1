/* Client-side player search: progressive enhancement over the players page.
   Without JavaScript the form stays hidden and the full list of players remains.
   Its words come from the page (data-none, written by templates/players.html in the
   site's language): none are written here. */
(function () {
  "use strict";
  var form = document.getElementById("player-search");
  var index = window.PLAYER_INDEX;
  if (!form || !index) { return; }
  var input = document.getElementById("q");
  var out = document.getElementById("search-results");
  form.hidden = false;
  // Enter goes to the first player found (the list below shows the others).
  form.addEventListener("submit", function (event) {
    event.preventDefault();
    show();
    var first = out.querySelector("a");
    if (first) { window.location.href = first.href; }
  });
  function fold(text) {
    return text.normalize("NFKD").replace(/[\u0300-\u036f]/g, "").toLowerCase();
  }
  function show() {
    var query = fold(input.value.trim());
    out.textContent = "";
    if (!query) { return; }
    var shown = 0;
    for (var i = 0; i < index.length && shown < 20; i++) {
      if (fold(index[i][0]).indexOf(query) !== -1) {
        var li = document.createElement("li");
        var a = document.createElement("a");
        a.href = index[i][1];
        a.textContent = index[i][0];
        li.appendChild(a);
        out.appendChild(li);
        shown++;
      }
    }
    if (!shown) {
      var none = document.createElement("li");
      none.textContent = out.getAttribute("data-none");  // the page's own words, in its language
      out.appendChild(none);
    }
  }
  input.addEventListener("input", show);
  var params = new URLSearchParams(window.location.search);
  if (params.get("q")) { input.value = params.get("q"); show(); }
}());
