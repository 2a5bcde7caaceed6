"""The editor's dossier's words in French and English (:mod:`songe.rulebook.dossier` and its parts use them)."""

from __future__ import annotations

from songe.spec.facts import Standing

#: The sign a book puts after an answer of its own (explained once in its edition line).
MARK = "\u00a0✱"

WORDS = {
    "fr": {"title": "dossier de l’éditeur",
           "lead": "Chaque entrée ci-dessous est une question que le texte laisse ouverte et à laquelle cette "
                   "édition répond à sa place, avec la réponse proposée : il suffit de cocher « d’accord » ou "
                   "d’écrire votre réponse.",
           "said_author": "les questions que vous seul pouvez trancher",
           "said_play": "les choix qui changent la partie",
           "said_none": "les précisions sans effet sur le jeu, acceptées sauf objection",
           "order_2": " Viennent d’abord {0}, puis {1}.", "order_3": " Viennent d’abord {0}, puis {1}, enfin {2}.",
           "lead_measured": " Parmi les choix, ceux dont l’effet est chiffré viennent d’abord, du plus grand écart "
                            "au plus petit.",
           "group_author": "Ce que vous seul pouvez trancher", "group_play": "Les choix qui changent la partie",
           "group_none": "Précisions sans effet sur la partie, acceptées sauf objection",
           "agree": "☐ d’accord   ☐ autre réponse : ", "ask_label": "Q{n} — ",
           "accepted": "☐ toutes acceptées   ☐ objections : ",
           "lead_by_point": " Chaque question porte le numéro de son point dans la section « Points ouverts », "
                            "qui l’argumente en entier.",
           "point_label": "Point {n} — ",
           "lead_skipped": " {which}",
           "mark": " Dans les règles clarifiées qu’il cite, le signe\u00a0✱ marque, comme dans le livre, une "
                   "réponse propre à cette édition.",
           "which_one": "Le point nᵒ {n} n’y figure pas : il ne vient pas du texte et n’est pas une question pour "
                        "l’auteur.",
           "which_many": "Les points nᵒˢ {n} n’y figurent pas : ils ne viennent pas du texte et ne sont pas des "
                         "questions pour l’auteur.",
           "settled_one": "Le point nᵒ {n} n’y figure pas : les mots du texte le tranchent déjà, et il dit pourquoi.",
           "settled_many": "Les points nᵒˢ {n} n’y figurent pas : les mots du texte les tranchent déjà, et chacun dit "
                           "pourquoi.",
           "proposal": "Proposition de l’édition : ",
           "no_gap": "aucun écart : les lectures donnent la même probabilité de gagner", "answer": "Réponse : ",
           "room": "…………………………………………………",
           "gap": "écart mesuré entre les lectures : {p} sur la probabilité de gagner",
           "gap_most": "écart mesuré entre les lectures : jusqu’à {p} (avec la lecture {k}) sur la probabilité "
                       "de gagner",
           "chance": ", non significatif (le hasard des parties peut l’expliquer)", "fact": "Fait venu d’ailleurs : {fact}",
           "intro": "Ce dossier accompagne la règle clarifiée. Pour chaque point que le texte d’origine laisse "
                    "ouvert, il cite la phrase en cause, donne la lecture retenue, chaque autre lecture{example} ; "
                    "il met chaque phrase d’origine en regard de sa version "
                    "clarifiée et liste les corrections{facts}. La première section réunit les questions à faire "
                    "valider par l’auteur.",
           "intro_facts": " ; il donne la source de chaque fait venu d’ailleurs",
           "intro_example": ", ce que le choix change et un exemple", "intro_no_example": " et ce que le choix change",
           "intro_no_facts": " ; aucun fait extérieur au texte n’y entre",
           "point_head": "Point {n} — {title}", "unmodelled": "Pas chiffré", "aside": "Question écartée",
           "example_note": "Note sur l’exemple",
           "not_asked": "Questions que le texte ne pose pas",
           "example_text": "{question} Seules les cartes inventées de l’exemple du livre (section {section}) posent "
                           "cette question, pas le texte : l’auteur n’a pas à la trancher. La note qui ouvre "
                           "l’exemple y répond : {reading}",
           "aside_text": "{question} Le texte tel qu’il est ne pose pas cette question : ses mots la tranchent, "
                         "ou aucune de ses cartes ne crée la situation. L’édition retient la lecture la plus "
                         "simple : {reading}",
           "aside_why": "{question} Le texte tel qu’il est ne pose pas cette question : {why} L’édition retient "
                        "la lecture la plus simple : {reading}",
           "confirm": "À faire valider par l’auteur", "open": "Points ouverts", "claims": "Affirmations de la règle "
           "d’origine", "changes": "Ce qui a changé", "reworded": "Annexe : reformulations, même règle",
           "corrections": "Corrections", "coverage": "Couverture", "facts": "Faits extérieurs au texte",
           "replay": "Note technique : reproduire ces chiffres",
           "question": "Question du texte", "adopted": "Lecture retenue", "other": "Autre lecture",
           "why": "Pourquoi cette lecture", "impact": "Effet", "example": "Exemple",
           "nothing_said": "(la règle n’en dit rien)", "moot": "Aucun écart", "where": "Dans le livre",
           "same": "les lectures donnent exactement les mêmes chances de gagner",
           "kept": "Le livre garde la lecture la plus simple : {reading}",
           "unmeasured": "Aucun de ces points n’a d’effet chiffré pour ce jeu : chacun décrit en quelques mots ce "
                         "que change chaque lecture.",
           "wording_only": "{measured}Les points nᵒˢ {span} n’en ont pas : chacun décrit en quelques mots ce que "
                           "change chaque lecture.",
           "wording_one": "{measured}Le point nᵒ {span} n’en a pas : il décrit en quelques mots ce que change "
                          "chaque lecture.",
           "measured_one": "Le point nᵒ {span} a un effet chiffré. ",
           "measured_many": "Les points nᵒˢ {span} ont un effet chiffré. ",
           "coverage_text": "Sur les {sentences} {origin}, {rules} une règle que ce livre reprend{merged} ; "
                            "{flavour} aucune règle de jeu{which}, et le livre en garde ce qui sert au joueur ; "
                            "{lost}.",
           "sentence": "phrase|phrases", "origin": "du texte d’origine|des textes d’origine",
           "rewritten": "énonce|énoncent",
           "is_flavour": "n’énonce|n’énoncent",
           "lost": "{n} phrase est perdue : {ids}|{n} phrases sont perdues : {ids}", "none_lost": "aucune n’est perdue",
           "merged": ", dont {n} qui en {verb} une autre et y {join}{pairs}",
           "repeat": "répète|répètent", "joined": "est réunie|sont réunies", "pair": "{one} répète {other}",
           "and": " et ", "one": "une seule"},
    "en": {"title": "editor’s dossier",
           "lead": "Each entry below is a question the text leaves open and that this edition answers in its "
                   "place, with the proposed answer: tick “agreed” or write your own answer.",
           "said_author": "the questions only you can settle", "said_play": "the choices that change play",
           "said_none": "the precisions with no effect on play, accepted unless you object",
           "order_2": " First come {0}, then {1}.", "order_3": " First come {0}, then {1}, last {2}.",
           "lead_measured": " Among the choices, those whose effect is measured come first, largest difference "
                            "first.",
           "group_author": "What only you can settle", "group_play": "The choices that change play",
           "group_none": "Precisions with no effect on play, accepted unless you object",
           "agree": "☐ agreed   ☐ another answer: ", "ask_label": "Q{n} — ",
           "accepted": "☐ all accepted   ☐ objections: ",
           "lead_by_point": " Each question carries its point’s number in the section “Open points”, which argues it "
                            "in full.",
           "point_label": "Point {n} — ",
           "lead_skipped": " {which}",
           "mark": " In the clarified rules it quotes, the sign\u00a0✱ marks, as in the book, an answer that is this "
                   "edition’s own.",
           "which_one": "Point {n} is not listed: it does not come from the text and is not a question for the "
                        "author.",
           "which_many": "Points {n} are not listed: they do not come from the text and are not questions for "
                         "the author.",
           "settled_one": "Point {n} is not listed: the text's own words already settle it, and it says why.",
           "settled_many": "Points {n} are not listed: the text's own words already settle them, and each says why.",
           "proposal": "The edition’s proposal: ",
           "no_gap": "no gap: the readings give the same probability of winning", "answer": "Answer: ",
           "room": "…………………………………………………",
           "gap": "measured gap between the readings: {p} in the probability of winning",
           "gap_most": "measured gap between the readings: up to {p} (under reading {k}) in the probability "
                       "of winning",
           "chance": ", not significant (chance alone may explain it)", "fact": "Fact from elsewhere: {fact}",
           "intro": "This dossier goes with the clarified rules. For each point the original text leaves open it "
                    "quotes the sentence at issue, gives the adopted reading, each other reading{example}; it "
                    "sets each original sentence beside its clarified version "
                    "and lists the corrections{facts}. The first section gathers the questions for the author to "
                    "confirm.",
           "intro_facts": "; it gives the source of every fact taken from elsewhere",
           "intro_example": ", what the choice changes and an example",
           "intro_no_example": " and what the choice changes",
           "intro_no_facts": "; no fact from outside the text enters it",
           "point_head": "Point {n} — {title}", "unmodelled": "Not measured", "aside": "Set aside",
           "example_note": "A note on the example",
           "not_asked": "Questions the text does not ask",
           "example_text": "{question} Only the made-up cards of the book's example (section {section}) ask "
                           "this, not the text: the author need not settle it. The note that opens the example "
                           "answers it: {reading}",
           "aside_text": "{question} The text as it stands does not ask it: its words settle it, or none of its "
                         "cards creates the situation. The edition keeps the simplest reading: {reading}",
           "aside_why": "{question} The text as it stands does not ask it: {why} The edition keeps the simplest "
                        "reading: {reading}",
           "confirm": "For the author to confirm", "open": "Open points", "claims": "Claims of the original rules",
           "changes": "What changed", "reworded": "Appendix: reworded, same rule", "corrections": "Corrections",
           "coverage": "Coverage", "facts": "Facts from outside the text", "replay": "Technical note: reproducing these figures",
           "question": "The text’s question", "adopted": "Adopted reading", "other": "Other reading",
           "why": "Why this reading", "impact": "Effect", "example": "Example",
           "nothing_said": "(the rules say nothing of it)", "moot": "No gap", "where": "In the book",
           "same": "the readings give exactly the same chances of winning",
           "kept": "The book keeps the simplest reading: {reading}",
           "unmeasured": "None of these points has a measured effect for this game: each says in a few words what "
                         "each reading changes.",
           "wording_only": "{measured}Points {span} have none: each says in a few words what each reading changes.",
           "wording_one": "{measured}Point {span} has none: it says in a few words what each reading changes.",
           "measured_one": "Point {span} has a measured effect. ",
           "measured_many": "Points {span} have a measured effect. ",
           "coverage_text": "Of the {sentences} {origin}, {rules} a rule this book takes up{merged}; {flavour} no "
                            "rule of play{which}, and the book keeps what serves the player; {lost}.",
           "sentence": "sentence|sentences", "origin": "of the original text|of the original texts",
           "rewritten": "states|state",
           "is_flavour": "states|state",
           "lost": "{n} sentence is lost: {ids}|{n} sentences are lost: {ids}",
           "none_lost": "none is lost", "merged": ", {n} of which {verb} another and {join} with it{pairs}",
           "repeat": "repeats|repeat", "joined": "is merged|are merged", "pair": "{one} repeats {other}",
           "and": " and ", "one": "only one"},
}
_HEADS = {"fr": {"facts": ("Fait", "Valeur", "Où il a été lu", "Statut"),
                 "corrections": ("Phrase", "Texte fautif", "Correction", "Nature")},
          "en": {"facts": ("Fact", "Value", "Where it was read", "Standing"),
                 "corrections": ("Sentence", "Wrong text", "Correction", "Kind")}}
_STANDING = {"fr": {Standing.CONFIRMED: "confirmé par plusieurs sources", Standing.SINGLE: "une seule source, à "
                    "confirmer", Standing.DISPUTED: "les sources divergent", Standing.MISSING: "aucune source publique"},
             "en": {Standing.CONFIRMED: "confirmed by several sources", Standing.SINGLE: "one source only, to confirm",
                    Standing.DISPUTED: "the sources disagree", Standing.MISSING: "no public source"}}
#: The faults of sentences the book rewrites whole: no corrected wording, the fault goes with the sentence.
_REWRITTEN = {"fr": "Ces fautes disparaissent avec la phrase, que le livre réécrit entièrement : {faults}.",
              "en": "These faults go with their sentence, which the book rewrites whole: {faults}."}
_KIND = {"fr": {"typo": "coquille", "ocr": "erreur de numérisation", "grammar": "grammaire", "substance": "erreur de fond"},
         "en": {"typo": "typo", "ocr": "OCR error", "grammar": "grammar", "substance": "error of substance"}}


#: Where a point comes from when it is not the text's own question.
_ORIGIN = {"fr": {"example_cards": "Question posée seulement par les cartes d’exemple inventées, pas par le texte : "
                                   "une note sur l’exemple, pas une question pour l’auteur.",
                  "engine": "Le texte tel qu’il est ne pose pas cette question : ses mots la tranchent, ou aucune "
                            "de ses cartes ne crée la situation. Ce n’est pas une question pour l’auteur.",
                  "stated": "Les mots du texte tranchent déjà cette question (voir « Pourquoi cette lecture ») : "
                            "ce n’est pas une question pour l’auteur. Le livre écrit la réponse en toutes lettres "
                            "pour éviter toute erreur de lecture ; l’autre lecture n’est mesurée que pour dire ce "
                            "que coûterait cette erreur."},
           "en": {"example_cards": "A question raised only by the invented example cards, not by the text: a note "
                                   "on the example, not a question for the author.",
                  "engine": "The text as it stands does not ask this question: its words settle it, or none of its "
                            "cards creates the situation. It is not a question for the author.",
                  "stated": "The text’s words already settle this question (see “Why this reading”): it is not a "
                            "question for the author. The book writes the answer out to prevent any misreading; the other "
                            "reading is measured only to tell what that misreading would cost."}}

#: Where the sentences with no rule of play are: in the table after the coverage's paragraph.
_BELOW = {"fr": " (citées ci-dessous)", "en": " (quoted below)"}
_FLAVOUR_HEAD = {"fr": ("Phrase", "Sans règle de jeu"), "en": ("Sentence", "No rule of play")}
#: A game's own dossier section (a hook of ``GameFacts.editor``), printed after the open points under this title;
#: the other hooks but the claims go to the technical note, « Note technique : reproduire ces chiffres ».
_OWN_SECTION = {"differences": {"fr": "Différences entre les deux textes d’origine",
                                "en": "Differences between the two original texts"}}
#: A text printed twice over is counted once; the coverage says so, with the copy's first and last sentences.
_REPRINT = {"fr": "Un texte imprime en outre une seconde fois, mot pour mot, {n} phrases ({first} à {last}) : elles "
                  "ne sont comptées qu’une fois.",
            "en": "One text also prints {n} sentences a second time, word for word ({first} to {last}): they are "
                  "counted once."}
