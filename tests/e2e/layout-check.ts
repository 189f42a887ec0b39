import type { Page } from 'playwright-core';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;

/**
 * What is wrong with the page's layout at its current size, as readable lines (none: fine):
 * - the page is wider than the window (a sideways scroll);
 * - a link, button or field lies (partly) outside the window, or outside a box that scrolls
 *   sideways, so it is hidden until one scrolls;
 * - text runs out of its box (over its neighbours, or cut off without an ellipsis);
 * - text is cut off with an ellipsis but the full text is not available in a title.
 */
export function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const problems: string[] = [];
    const width = document.documentElement.clientWidth;
    const describe = (el: Element) => {
      const text = (el.textContent ?? '').trim().replace(/\s+/g, ' ').slice(0, 40);
      const name = el.getAttribute('aria-label') ?? text;
      return `<${el.tagName.toLowerCase()}${el.className && typeof el.className === 'string' ? ` class="${el.className.slice(0, 60)}"` : ''}> "${name}"`;
    };
    const ancestors = (el: Element) => {
      const list: Element[] = [];
      for (let box = el.parentElement; box && box !== document.body; box = box.parentElement) {
        list.push(box);
      }
      return list;
    };
    const shown = (el: Element) => {
      const rect = el.getBoundingClientRect();
      if (rect.width <= 1 || rect.height <= 1) return false; // not rendered, or sr-only
      return getComputedStyle(el).visibility !== 'hidden';
    };

    if (document.documentElement.scrollWidth > width) {
      problems.push(
        `page is ${document.documentElement.scrollWidth}px wide in a ${width}px window`,
      );
    }

    // Interactive elements: wholly inside the window and inside every box that clips them.
    const interactive = document.querySelectorAll(
      'a[href], button, input:not([type="hidden"]), select, textarea, [role="menuitem"]',
    );
    for (const el of interactive) {
      if (!shown(el)) continue;
      const rect = el.getBoundingClientRect();
      let left = 0;
      let right = width;
      for (const box of ancestors(el)) {
        if (getComputedStyle(box).overflowX === 'visible') continue;
        const clip = box.getBoundingClientRect();
        left = Math.max(left, clip.left);
        right = Math.min(right, clip.right);
      }
      if (rect.left < left - 1 || rect.right > right + 1) {
        problems.push(
          `${describe(el)} spans x=${Math.round(rect.left)}..${Math.round(rect.right)}, visible only x=${Math.round(left)}..${Math.round(right)}`,
        );
      }
    }

    // Text: inside its box, or cut with an ellipsis and the whole text in a title. Text for
    // screen readers only (sr-only) and decoration (aria-hidden) are not looked at.
    const hidden = (el: Element) =>
      !!el.closest('[aria-hidden="true"], input, select, textarea, svg, script, style') ||
      [el, ...ancestors(el)].some((box) => {
        const style = getComputedStyle(box);
        return style.clipPath.startsWith('inset') || (style.clip !== 'auto' && style.clip !== '');
      });
    const inlineTags = new Set(['SPAN', 'A', 'STRONG', 'EM', 'B', 'I', 'CODE', 'ABBR', 'TIME']);
    const holdsText = (el: Element) =>
      Array.from(el.childNodes).some((node) =>
        node.nodeType === Node.TEXT_NODE
          ? !!node.textContent?.trim()
          : node instanceof Element &&
            inlineTags.has(node.tagName) &&
            getComputedStyle(node).display === 'inline' &&
            !hidden(node),
      );
    for (const el of document.body.querySelectorAll('*')) {
      const style = getComputedStyle(el);
      if (style.display === 'inline' || style.display === 'contents') continue;
      if (!holdsText(el) || !shown(el) || hidden(el)) continue;
      const spills = el.scrollWidth > el.clientWidth + 1;
      const clamped =
        (style.webkitLineClamp !== 'none' && style.webkitLineClamp !== '') ||
        style.textOverflow === 'ellipsis';
      const cut = clamped && (spills || el.scrollHeight > el.clientHeight + 1);
      if (cut) {
        if (!el.closest('[title]')) problems.push(`${describe(el)} is cut off with no title`);
      } else if (spills && style.overflowX !== 'auto' && style.overflowX !== 'scroll') {
        problems.push(
          `${describe(el)}: text ${el.scrollWidth}px wide in a ${el.clientWidth}px box`,
        );
      }
    }
    return problems;
  });
}

/** Waits until the page has settled: no spinner in the main area, fonts loaded. */
export async function settle(page: Page): Promise<void> {
  await page.locator('main').waitFor();
  await page.waitForFunction(() => !document.querySelector('main [role="status"]'));
  await page.evaluate(() => document.fonts.ready.then(() => undefined));
}
