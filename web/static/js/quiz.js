// The ONE WORLD Quiz on the table page: in the board's place, the question asked now
// and, on the phone of the player it is for, a box to type the answer and Pass. The
// answer is never sent to a page before it is given (rulings H1-H3 in docs/rulings.md):
// the verdict then says whether it was right, and what the answer is.

import { element, title } from "./game.js";

/** Draw the question into ``box``; ``seat`` is this phone's, ``play(action)`` sends a
 * move (the answer or the pass). */
export function drawQuiz(box, game, seat, play) {
  const summary = game.summary;
  const shown = element("div", "quiz");
  if (!summary.question) {
    shown.append(element("p", "hint", "Every question was asked: the scores are above."));
    box.replaceChildren(shown);
    return;
  }
  const question = element("p", "quiz-question", summary.question);
  question.id = "quiz-question";
  shown.append(question);
  if (seat !== summary.asked) {
    shown.append(element("p", "hint", `${title(summary.asked)} answers on their own phone.`));
    box.replaceChildren(shown);
    return;
  }
  const form = element("form", "quiz-form");
  form.id = "quiz-form";
  const input = element("input");
  input.name = "answer";
  input.autocomplete = "off";
  input.maxLength = 100;
  input.placeholder = "Your answer";
  input.setAttribute("aria-label", "Your answer");
  const answer = element("button", "primary", "Answer");
  answer.type = "submit";
  const pass = element("button", "", "Pass");
  pass.type = "button";
  pass.addEventListener("click", () => play({ type: "pass", player: seat }));
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const text = input.value.trim();
    if (text) play({ type: "answer", player: seat, text });
  });
  form.append(input, answer, pass);
  shown.append(form);
  box.replaceChildren(shown);
}
