// What every part of the page shares: the game in play and a few DOM helpers.

export const $ = (id) => document.getElementById(id);

export const page = {
  game: null,      // the game's description (the table's `description`, or GET /api/games/{game})
  table: null,     // the game in play (the API's table view)
  groupOf: {},     // pile name -> its group
  pileOf: {},      // pile name -> the pile in the table view
  selected: null,  // {pile, count}: the cards picked up by a click, a tap or a key
  pending: null,   // an action waiting for the card it applies to
  hint: null,      // the move the last hint suggested, shown until the next change
  focus: null,     // the pile that takes the Tab key
};

export function element(tag, className, text) {
  const made = document.createElement(tag);
  if (className) made.className = className;
  if (text !== undefined) made.textContent = text;
  return made;
}

// Opens a dialog; the More menu closes first, so that it does not stay open behind it.
export function openDialog(name) {
  $("more").open = false;
  const dialog = $(name);
  if (!dialog.open) dialog.showModal();
}

// A rule file's text as paragraphs: its blank lines part them, its other line breaks are only
// where its lines were wrapped, and the page wraps them again to its own width.
export function paragraphs(text) {
  return text.split(/\n\s*\n/).map((part) => part.trim().replace(/\s*\n\s*/g, " ")).filter(Boolean);
}

export function say(text, error = false) {
  const message = $("message");
  message.textContent = text;
  message.classList.toggle("error", error);
}

export function size(pile) {
  return pile.down + pile.cards.length;
}

export function pileElement(name) {
  return $("table").querySelector(`.pile[data-pile="${CSS.escape(name)}"]`);
}

// The card that heads the top `count` cards of `pile`, as the table shows it: "7♥".
export function cardName(pile, count) {
  const view = page.pileOf[pile];
  const card = view.cards[view.cards.length - count];
  return card ? `${card.rank}${card.suit}` : "that card";
}

const RANK_WORDS = { A: "ace", J: "jack", Q: "queen", K: "king" };
const SUIT_WORDS = { "♣": "clubs", "♦": "diamonds", "♥": "hearts", "♠": "spades" };

// A card as a screen reader says it: "7 of hearts", "queen of spades".
export function cardWords(card) {
  return `${RANK_WORDS[card.rank] || card.rank} of ${SUIT_WORDS[card.suit]}`;
}

function ordinal(number) {
  const teen = Math.floor(number / 10) % 10 === 1;
  return `${number}${teen ? "th" : { 1: "st", 2: "nd", 3: "rd" }[number % 10] || "th"}`;
}

// A pile as the table shows it: "the 3rd tableau pile", "the waste".
export function pileWords(name) {
  const group = page.groupOf[name];
  if (group.piles.length === 1) return `the ${group.name}`;
  return `the ${ordinal(group.piles.indexOf(name) + 1)} ${group.name} pile`;
}
