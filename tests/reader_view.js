// What a reader of the page cannot see whole, measured in the laid-out page (tests/test_books_browser.py).
// The text area is the main column's content box ([role=main], else <body>); an element with overflow-x other
// than `visible` clips what passes its edge. Returns a list of faults, each one line; empty when all is in view.
(() => {
  const main = document.querySelector('[role="main"]') || document.body;
  const style = getComputedStyle(main), box = main.getBoundingClientRect();
  const area = [box.left + parseFloat(style.paddingLeft), box.right - parseFloat(style.paddingRight)];
  // The horizontal span of `el` a reader sees: the text area, narrowed by every clipping ancestor.
  const seen = (el) => {
    let [l, r] = area;
    for (let e = el; e && e !== main; e = e.parentElement) {
      if (getComputedStyle(e).overflowX === 'visible') continue;
      const b = e.getBoundingClientRect();
      l = Math.max(l, b.left + e.clientLeft);
      r = Math.min(r, b.left + e.clientLeft + e.clientWidth);
    }
    return [l, r];
  };
  const short = (s) => (s || '').replace(/\s+/g, ' ').trim().slice(0, 60);
  const px = Math.round;
  const faults = [];
  const root = document.documentElement;
  if (root.scrollWidth > innerWidth + 1)
    faults.push(`the page scrolls sideways: ${root.scrollWidth}px wide in a ${innerWidth}px window`);
  // A box that scrolls sideways hides part of what it holds (a table in furo's wrapper, a <pre>).
  for (const e of main.querySelectorAll('*')) {
    if (getComputedStyle(e).overflowX !== 'visible' && e.clientWidth > 0 && e.scrollWidth > e.clientWidth + 1
        && e.checkVisibility())
      faults.push(`cut: <${e.tagName.toLowerCase()}> shows ${e.clientWidth}px of ${e.scrollWidth}px: «${short(e.innerText)}»`);
  }
  // Every line of text, where it is drawn.
  const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
  const range = document.createRange();
  for (let n = walker.nextNode(); n; n = walker.nextNode()) {
    const el = n.parentElement;
    if (!n.data.trim() || !el.checkVisibility({visibilityProperty: true})) continue;
    range.selectNodeContents(n);
    const [l, r] = seen(el);
    const out = [...range.getClientRects()].filter(q => q.width > 0 && (q.left < l - 1 || q.right > r + 1));
    if (out.length)
      faults.push(`text past its box: «${short(n.data)}» drawn at ${px(Math.min(...out.map(q => q.left)))}..`
                  + `${px(Math.max(...out.map(q => q.right)))}px, seen ${px(l)}..${px(r)}px`);
  }
  // Tables and pictures, border to border.
  for (const e of main.querySelectorAll('table, img, svg, video, canvas, iframe')) {
    if (!e.checkVisibility()) continue;
    const b = e.getBoundingClientRect(), [l, r] = seen(e.parentElement);
    if (b.left < l - 1 || b.right > r + 1)
      faults.push(`<${e.tagName.toLowerCase()}> at ${px(b.left)}..${px(b.right)}px, seen ${px(l)}..${px(r)}px: «${short(e.innerText)}»`);
  }
  return faults;
})()
