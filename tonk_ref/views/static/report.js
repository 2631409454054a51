// The conformance report's filters, kept in the address (#section=PAY&rule=KNOCK&problems=1&case=ID&only=1).
(function () {
  var $ = function (s, r) { return (r || document).querySelector(s); };
  var $$ = function (s, r) { return Array.prototype.slice.call((r || document).querySelectorAll(s)); };
  var sec = $('#f-section'), rule = $('#f-rule'), prob = $('#f-problems'), count = $('#f-count');
  function matchRule(id, title, q) {
    return !q || id.toUpperCase().indexOf(q) >= 0 || (title || '').toUpperCase().indexOf(q) >= 0;
  }
  function apply() {
    var s = sec.value, q = rule.value.trim().toUpperCase(), p = prob.checked, shown = 0;
    $$('tr[data-rule]').forEach(function (row) {
      var ok = (!s || row.dataset.section === s) && matchRule(row.dataset.rule, row.dataset.title, q)
        && (!p || row.dataset.problem === '1');
      row.hidden = !ok;
      if (ok) { shown += 1; }
    });
    $$('tr[data-section-head]').forEach(function (head) {
      head.hidden = !$$('tr[data-rule][data-section="' + head.dataset.sectionHead + '"]')
        .some(function (r) { return !r.hidden; });
    });
    $$('tr[data-profile]').forEach(function (row) { row.hidden = p && row.dataset.problem !== '1'; });
    $$('details.case').forEach(function (c) {
      var rules = c.dataset.rules.split(' '), secs = c.dataset.sections.split(' ');
      c.hidden = !((!s || secs.indexOf(s) >= 0) && (!q || rules.some(function (x) { return x.indexOf(q) >= 0; })));
    });
    $$('details.group').forEach(function (g) {
      g.hidden = !$$('details.case', g).some(function (c) { return !c.hidden; });
    });
    count.textContent = shown + (shown === 1 ? ' rule shown' : ' rules shown');
    document.body.dataset.filtered = (s || q || p) ? '1' : '0';
  }
  function toHash(extra) {
    var h = new URLSearchParams();
    if (sec.value) { h.set('section', sec.value); }
    if (rule.value.trim()) { h.set('rule', rule.value.trim()); }
    if (prob.checked) { h.set('problems', '1'); }
    if (extra) { h.set('case', extra); }
    var text = h.toString();
    history.replaceState(null, '', text ? '#' + text : location.pathname + location.search);
  }
  function openCase(id) {
    var d = document.getElementById(id);
    if (!d) { return; }
    d.hidden = false;
    for (var x = d; x; x = x.parentElement) {
      if (x.tagName === 'DETAILS') { x.open = true; x.hidden = false; }
    }
    d.scrollIntoView();
    var s = d.querySelector('summary');
    if (s) { s.focus({preventScroll: true}); }
  }
  function alone(id) {
    // '#case=ID&only=1': the case by itself, at the top of the page (a link to one failure)
    var d = document.getElementById(id), main = $('main');
    if (!d) { return; }
    var box = document.createElement('section');
    box.id = 'only';
    var name = d.querySelector('summary code').textContent;
    var head = document.createElement('h1');
    head.className = 'case-title';
    head.textContent = name;
    box.appendChild(head);
    var back = document.createElement('p');
    back.innerHTML = '<a href="#">the whole report</a>';
    box.appendChild(back);
    box.appendChild(d);
    // the case's headings, one level under the page's own (the case's title) here
    $$('h4', d).forEach(function (h4) {
      var h2 = document.createElement('h2');
      h2.className = 'sub';
      while (h4.firstChild) { h2.appendChild(h4.firstChild); }
      h4.replaceWith(h2);
    });
    Array.prototype.slice.call(main.children).forEach(function (c) { c.hidden = true; });
    main.insertBefore(box, main.firstChild);
    d.hidden = false;
    d.open = true;
    document.title = name + ' \u2013 ' + document.title;
  }
  function fromHash() {
    var h = new URLSearchParams(location.hash.slice(1));
    if ($('#only') && !h.get('only')) { location.reload(); return; }
    sec.value = h.get('section') || '';
    rule.value = h.get('rule') || '';
    prob.checked = h.get('problems') === '1';
    apply();
    if (h.get('case') && h.get('only') === '1') { alone(h.get('case')); }
    else if (h.get('case')) { openCase(h.get('case')); }
  }
  [sec, prob].forEach(function (el) { el.addEventListener('change', function () { apply(); toHash(); }); });
  rule.addEventListener('input', function () { apply(); toHash(); });
  $('#f-reset').addEventListener('click', function () {
    sec.value = ''; rule.value = ''; prob.checked = false; apply(); toHash();
  });
  $$('details.case').forEach(function (d) {
    d.addEventListener('toggle', function () { if (d.open) { toHash(d.id); } });
  });
  $$('button.copy').forEach(function (b) {
    b.addEventListener('click', function () {
      var text = document.getElementById(b.dataset.target).textContent;
      var done = function () { b.textContent = 'copied'; setTimeout(function () { b.textContent = 'copy'; }, 1500); };
      if (navigator.clipboard) { navigator.clipboard.writeText(text).then(done, function () {}); }
    });
  });
  window.addEventListener('hashchange', fromHash);
  fromHash();
  document.body.dataset.ready = '1';
})();
