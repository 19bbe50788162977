"""What the browser tests measure on the page: element boxes (overlap, inside, in the
viewport) and WCAG contrast from computed colours."""

from __future__ import annotations

import re
from typing import Any

from playwright.sync_api import Locator, Page

Box = dict[str, float]


def box(locator: Locator) -> Box:
    """The element's box in CSS pixels (top, bottom, left, right), from the viewport."""
    found: Box = locator.evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " return {top: r.top, bottom: r.bottom, left: r.left, right: r.right}; }"
    )
    return found


def overlap(a: Box, b: Box) -> float:
    """The area two boxes share, in square pixels (0 when they are apart or touch)."""
    width = min(a["right"], b["right"]) - max(a["left"], b["left"])
    height = min(a["bottom"], b["bottom"]) - max(a["top"], b["top"])
    return max(width, 0) * max(height, 0)


def gap(a: Box, b: Box) -> float:
    """The room between two boxes: across or down, whichever parts them (negative: they
    overlap by that much both ways)."""
    across = max(b["left"] - a["right"], a["left"] - b["right"])
    down = max(b["top"] - a["bottom"], a["top"] - b["bottom"])
    return max(across, down)


def inside(inner: Box, outer: Box, slack: float = 0.5) -> bool:
    return (
        inner["left"] >= outer["left"] - slack
        and inner["right"] <= outer["right"] + slack
        and inner["top"] >= outer["top"] - slack
        and inner["bottom"] <= outer["bottom"] + slack
    )


def in_viewport(page: Page, locator: Locator) -> bool:
    """The whole element is in sight, without scrolling."""
    size = page.viewport_size
    assert size is not None
    view = {"top": 0.0, "bottom": float(size["height"]), "left": 0.0,
            "right": float(size["width"])}  # fmt: skip
    return inside(box(locator), view)


def rgb(css: str) -> tuple[float, float, float]:
    """``rgb(1, 2, 3)`` or ``rgba(...)`` as computed: its red, green and blue."""
    numbers = [float(n) for n in re.findall(r"[\d.]+", css)[:3]]
    return numbers[0], numbers[1], numbers[2]


def _luminance(colour: tuple[float, float, float]) -> float:
    def linear(channel: float) -> float:
        c = channel / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = (linear(c) for c in colour)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    """WCAG 2 contrast ratio of two computed CSS colours (1 to 21)."""
    light, dark = sorted((_luminance(rgb(a)), _luminance(rgb(b))), reverse=True)
    return (light + 0.05) / (dark + 0.05)


def fonts_drawn(page: Page) -> dict[str, list[str]]:
    """Each font Chromium drew the page's visible text in (CSS.getPlatformFontsForNode, as
    DevTools shows it: the family, marked "(web font)" where it is one the page served), with
    a few of the texts drawn in it."""
    page.evaluate(
        """() => { let n = 0; for (const el of document.querySelectorAll("body *")) {
            const text = [...el.childNodes].some((c) => c.nodeType === 3 && c.data.trim());
            if (text && el.getClientRects().length) el.setAttribute("data-font-probe", n++); } }"""
    )
    session = page.context.new_cdp_session(page)
    try:
        session.send("DOM.enable")
        session.send("CSS.enable")
        root = session.send("DOM.getDocument", {"depth": 0})["root"]["nodeId"]
        nodes = session.send("DOM.querySelectorAll", {"nodeId": root,
                                                      "selector": "[data-font-probe]"})  # fmt: skip
        found: dict[str, list[str]] = {}
        for node in nodes["nodeIds"]:
            fonts = session.send("CSS.getPlatformFontsForNode", {"nodeId": node})["fonts"]
            text = session.send("DOM.resolveNode", {"nodeId": node})["object"]
            words = session.send("Runtime.callFunctionOn", {
                "objectId": text["objectId"], "returnByValue": True,
                "functionDeclaration": "function () { return this.textContent.trim(); }",
            })["result"]["value"]  # fmt: skip
            for font in fonts:
                family = font["familyName"] + (" (web font)" if font["isCustomFont"] else "")
                seen = found.setdefault(family, [])
                if len(seen) < 5:
                    seen.append(str(words)[:40])
    finally:
        session.detach()
        page.evaluate(
            """() => document.querySelectorAll("[data-font-probe]")
                .forEach((el) => el.removeAttribute("data-font-probe"))"""
        )
    return found


def split_tile_names(page: Page) -> list[str]:
    """Each tile's name in the page's visible text ("5-6") that runs over two lines."""
    found: list[str] = page.evaluate(
        r"""() => { const split = []; const walker = document.createTreeWalker(document.body,
            NodeFilter.SHOW_TEXT); const tile = /(?<![\d-])[0-6]-[0-6](?![\d-])/g;
          for (let node = walker.nextNode(); node; node = walker.nextNode()) {
            for (const m of node.data.matchAll(tile)) {
              const range = document.createRange();
              range.setStart(node, m.index); range.setEnd(node, m.index + 3);
              const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
              if (tops.size > 1) split.push(`${m[0]} in “${node.data.slice(0, 60)}”`);
            } }
          return split; }"""
    )
    return found


def computed(locator: Locator, prop: str) -> Any:
    return locator.evaluate(f"el => getComputedStyle(el).{prop}")
