// A win celebrated: the foundations' cards cascade down the window, one after another, before
// the win is told; with reduced motion asked for, the foundations light up instead, still.

import { page } from "./page.js";
import { lessMotion } from "./settings.js";

const FALL_MS = 900;
const NEXT_MS = 90;

function foundationTops() {
  return [...document.querySelectorAll("#table .pile")]
    .filter((pile) => page.groupOf[pile.dataset.pile]?.role === "foundation")
    .map((pile) => pile.querySelector(".card:last-of-type"))
    .filter(Boolean);
}

// Each foundation's top card falls, bouncing, to the bottom of the window and back.
function cascade(cards) {
  return cards.map((card, index) => {
    const drop = window.innerHeight - card.getBoundingClientRect().top;
    const sideways = (index % 2 ? 1 : -1) * (40 + 12 * index);
    return card.animate([
      { transform: "none" },
      { transform: `translate(${sideways / 2}px, ${drop * 0.8}px) rotate(${sideways / 4}deg)`, offset: 0.45 },
      { transform: `translate(${sideways}px, ${drop * 0.55}px) rotate(${sideways / 2}deg)`, offset: 0.7 },
      { transform: "none" },
    ], { duration: FALL_MS, delay: index * NEXT_MS, easing: "ease-in-out" }).finished.catch(() => {});
  });
}

// Celebrates the win on the table; resolves when the celebration is over (at once without motion).
export async function celebrate() {
  const table = document.getElementById("table");
  if (lessMotion()) {
    table.classList.add("won-still");
    return;
  }
  table.classList.add("celebrating");
  await Promise.all(cascade(foundationTops()));
  table.classList.remove("celebrating");
}
