"""The type rules: whether an entry is a person, a place or a group, as the text so far shows
it (a record's first type, and its retyping as the text says more)."""

from __future__ import annotations

from saadi_desktop.state.rulebook.core import Case, Rule

A_FAMILY = Rule(
    "a-family",
    "types",
    "whether a name is a family",
    "The plural of a known surname that the text puts after 'the', or 'the' and a word or two, "
    "is a family, a group ('the Bennets', 'at the Svidrigaïlovs’', 'the young Gradgrinds'), met "
    "before or after the surname.",
    (
        Case(
            "Austen",
            ("Mr. Bennet read; and Mr. Bennet smiled.",
             "The Bennets dined with Sir William; and the Bennets were gay."),
            kinds=(("Bennets", "organization"),),
        ),
        Case(
            "Dostoevsky",
            ("Mr. Svidrigaïlov came; and Mr. Svidrigaïlov bowed.",
             "At the Svidrigaïlovs Dounia worked; and the Svidrigaïlovs were rich."),
            kinds=(("Svidrigaïlovs", "organization"),),
        ),
        Case(
            "Dickens",
            ("Mr. Gradgrind looked at the young Gradgrinds; and Mr. Gradgrind was proud.",
             "The greedy little Gradgrinds grasped at more; Mr. Gradgrind frowned."),
            kinds=(("Gradgrinds", "organization"),),
        ),
    ),
)  # fmt: skip

A_STREET = Rule(
    "a-street-is-a-place",
    "types",
    "whether a street's name is a place",
    "A street's name is a place, whatever its first word ('Laura Place', 'Baker Street').",
    (
        Case(
            "Austen",
            ("Lady Dalrymple took Laura Place for three months; and Laura Place was grand.",
             "Everyone praised Laura Place."),
            kinds=(("Laura Place", "place"),),
        ),
        Case(
            "Doyle",
            ("Mrs. Hudson kept Baker Street tidy; and Baker Street was quiet.",
             "Watson loved Baker Street."),
            kinds=(("Baker Street", "place"),),
        ),
    ),
)  # fmt: skip

A_PERSONS_NAME = Rule(
    "a-persons-name",
    "types",
    "whether a titled or gendered name is a person",
    "A name with a title ('Mrs. Long', 'Dr. Watson'; not a saint's 'St. Petersburg') or a "
    "gendered ending ('Avdotya Romanovna'; a woman's surname ending such as '-eva' only in a "
    "full name: 'Geneva' alone is a town) is a person's; so is one of no other type that the "
    "text genders, the first 'he' or 'she' after it in its sentence one gender's three times "
    "and twice as often as the other's ('Juliet … her body', 'Tonga … he'), when the book puts "
    "it after 'at', 'in', 'to' in one use in five at most, and after another capitalised word as "
    "seldom: a country is 'she' too ('to Italy', 'in New York', 'at Green Gables').",
    (
        Case(
            "Austen",
            ("Mrs. Long came to Longbourn; and at Longbourn Mrs. Long sat.",
             "To Longbourn went Mrs. Long."),
            kinds=(("Mrs. Long", "person"),),
        ),
        Case(
            "James",
            ("He had come from Geneva the day before; Geneva had long been his home.",
             "He had lived at Geneva so long; and at Geneva a young man was not free.",
             "He went back to live at Geneva, in Geneva, where his aunt wrote to him."),
            kinds=(("Geneva", "place"),),
        ),
        Case(
            "Dostoevsky",
            ("Avdotya Romanovna went to Petersburg; in Petersburg Avdotya Romanovna waited.",
             "From Petersburg came Avdotya Romanovna."),
            kinds=(("Avdotya Romanovna", "person"),),
        ),
        Case(
            "Wilde",
            ("Sibyl played Juliet; and Juliet was lovely, for she was young.",
             "Then Juliet had been dead for years, and her body was dust.",
             "The true test of any Juliet is the balcony, where she waits; and Juliet, she said, "
             "was hers."),
            kinds=(("Juliet", "person"),),
        ),
        Case(
            "Doyle",
            ("Small came with Tonga; and Tonga was faithful, for he loved him.",
             "Then Tonga shot the dart, and he laughed.",
             "Then Tonga fell into the river, and his body sank; and Small mourned Tonga."),
            kinds=(("Tonga", "person"),),
        ),
        Case(
            "Austen",
            ("Bath, said Elizabeth, was her hope; and Bath was fine, she thought. Bath was gay, "
             "she knew.",
             "Sir Walter went to Bath; and in Bath Anne was sad. At Bath Anne walked.",
             "From Bath Anne wrote; and in Bath Anne stayed, and to Bath Anne came back."),
            kinds=(("Bath", "place"),),
        ),
        Case(
            "James",
            ("Daisy sailed for New York; and New York, she said, was her home.",
             "In New York she was happy; New York was kind, and she loved it.",
             "From New York she wrote, and New York was gay; and New York, she thought, was "
             "hers."),
            kinds=(("New York", "place"),),
        ),
    ),
)  # fmt: skip

SPEAKS = Rule(
    "one-who-speaks",
    "types",
    "whether a name the text makes speak is a person",
    "A name the text makes a speaker ('said the Dodo', 'Potapitch cried'), calls 'my dear' "
    "('my dear Gladys', 'Dinah my dear!') or addresses twice ('“Kitty, …', ', Gladys.”') is a "
    "person's: places and things neither speak nor are spoken to; a place that speaks becomes a "
    "person.",
    (
        Case(
            "Carroll",
            ("“The best thing,” said the Dodo, “is a race.” The Dodo ran.",
             "Then said the Dodo, “Everybody has won.”"),
            kinds=(("the Dodo", "person"),),
        ),
        Case(
            "Dostoevsky",
            ("“Yes, madam,” said Potapitch; and Potapitch bowed.",
             "Then Potapitch cried, “The carriage!”"),
            kinds=(("Potapitch", "person"),),
        ),
        Case(
            "Wilde",
            ("“You disarm me, Gladys.” Lord Henry looked at Gladys.",
             "“Ah! you must suit your frock to his flowers, Gladys.” And my dear Gladys laughed."),
            kinds=(("Gladys", "person"),),
        ),
        Case(
            "Carroll",
            ("“I wish I had our Dinah here!” Alice thought. “Dinah my dear! I wish you were here.”",
             "Alice thought of Dinah, and of Dinah’s saucer of milk."),
            kinds=(("Dinah", "person"),),
        ),
    ),
)  # fmt: skip

A_GIVEN_NAME = Rule(
    "a-given-name",
    "types",
    "whether a given name or a creature's noun that shows nothing else is a person",
    "A name that begins with a given name of the nickname table, or one the table knows with a "
    "familiar '-ie' ('Tonie' of Tony, 'Maudie' of Maud), is a person's by a guess the text may "
    "overturn ('Mary', 'Victor'); not a saint's ('St. James') nor a house's ('Lucas Lodge'). So "
    "is one that ends in a creature's noun with no title nor given name before it: "
    "a creature of the story ('the Owl', 'the Hound'), though it never speaks.",
    (
        Case(
            "Austen",
            ("Mrs. Bennet scolded Mary, and Lydia pinched Mary too.",
             "Then Mrs. Bennet and Mary went out."),
            kinds=(("Mary", "person"),),
        ),
        Case(
            "Wilde",
            ("Dorian rang for Victor, and Lord Henry nodded to Victor.",
             "Then Dorian and Victor went out."),
            kinds=(("Victor", "person"),),
        ),
        Case(
            "Chopin",
            ("Edna went down to the boat, and Tonie rowed; Edna watched Tonie.",
             "Then Tonie came up to the house, and Edna paid Tonie."),
            kinds=(("Tonie", "person"),),
        ),
        Case(
            "Dunbar",
            ("Kitty met Maudie on the street; and Maudie laughed at Kitty.",
             "Then Maudie went up the stairs, and Kitty followed Maudie."),
            kinds=(("Maudie", "person"),),
        ),
        Case(
            "Carroll",
            ("The Owl and the Panther were sharing a pie; the Panther took the crust.",
             "And the Owl had the dish, while the Panther took the knife and the Owl the spoon."),
            kinds=(("the Owl", "person"), ("the Panther", "person")),
        ),
        Case(
            "Doyle",
            ("Then the Hound came over the moor, and the Hound bayed.",
             "Holmes feared the Hound; and Watson ran from the Hound."),
            kinds=(("the Hound", "person"),),
        ),
    ),
)  # fmt: skip

USED_AS_A_PLACE = Rule(
    "used-as-a-place",
    "types",
    "whether a name the text puts after 'at', 'to', 'from' is a place",
    "A name that the text so far puts after 'at', 'in', 'to', 'from', 'near', 'on the' at "
    "least half the time is a place ('at Longbourn', 'to Roulettenberg', 'on the "
    "Shlangenberg'), and so is one joined by 'and' or 'or' to the name after such a word ('to "
    "Spa and Baden'); after a word of speaking 'to' takes a person ('speak to Hill'), and "
    "'on' alone is no place's ('called on Jane'); 'of' after a person's name, a realm's title or "
    "a place noun is a place's ('Bounderby of Coketown', 'the Duke of Berwick', 'the Castle of "
    "Chillon'; not 'the Passion of Christ'). A person by a guess alone, a given name, "
    "needs 'at', 'in', 'near' or 'into' three times at least ('into Kent': a given name and a "
    "county; 'introduced me to Hortense' is no place).",
    (
        Case(
            "Austen",
            ("Mrs. Long came to Longbourn; and at Longbourn Mr. Bennet read.",
             "From Longbourn Jane walked."),
            kinds=(("Longbourn", "place"),),
        ),
        Case(
            "Dostoevsky",
            ("The General came to Roulettenberg; and in Roulettenberg Polina waited.",
             "From Roulettenberg Polina wrote."),
            kinds=(("Roulettenberg", "place"),),
        ),
        Case(
            "Dostoevsky",
            ("Polina saw the Shlangenberg; on the Shlangenberg Polina stood, and from the "
             "Shlangenberg Polina looked down.",
             "“Remember the Shlangenberg,” Polina wrote."),
            kinds=(("the Shlangenberg", "place"),),
        ),
        Case(
            "Doyle",
            ("Holmes took a boat on the Thames; and on the Thames Watson waited.",
             "Holmes thought of the Thames."),
            kinds=(("the Thames", "place"),),
        ),
        Case(
            "Austen",
            ("Mr. Elliot went to Bath and Lyme; and Anne thought of Lyme.",
             "At Lyme Anne walked; and Mary was at Bath."),
            kinds=(("Lyme", "place"),),
        ),
        Case(
            "Austen",
            ("Mr. Collins lived in Kent. Charlotte went into Kent; and in Kent Charlotte stayed.",
             "Elizabeth was in Kent, near Hunsford."),
            kinds=(("Kent", "place"),),
        ),
        Case(
            "Wilde",
            ("Dorian went to Florence. In Florence Dorian stayed; and in Florence Dorian smiled.",
             "Lord Henry was in Florence, near the river."),
            kinds=(("Florence", "place"),),
        ),
        Case(
            "Dickens",
            ("Mr. Bounderby spoke; and Mr. Bounderby was proud. Coketown smoked.",
             "They knew Josiah Bounderby of Coketown, and Bounderby of Coketown knew them; the "
             "streets of Coketown were long, and Coketown worked."),
            kinds=(("Coketown", "place"),),
        ),
        Case(
            "Wilde",
            ("Dorian looked at the Passion of Christ in the vestments; the Bride of Christ was "
             "pictured there.",
             "Dorian thought of Christ; and Christ was on the altar."),
            kinds=(("Christ", "other"),),
        ),
    ),
)  # fmt: skip

PLACE_NOUN = Rule(
    "a-place-noun",
    "types",
    "whether a name ending in a place noun or a group noun, or a known place, is a place or a "
    "group",
    "A name of no other type that ends in a place noun, or its plural, is a place ('Boscombe "
    "Valley', 'Kellynch Hall', 'the Andaman Islands' — no family, though it ends in an 's'), "
    "though it may share its first word with the name it is known by; one that ends in a noun "
    "of a body of people is a group ('the Red-headed League', 'the Salvation Army'). So is one "
    "of the world's best-known places — a continent, a country, a great city or river — a "
    "place, though the book seldom writes 'at' or 'in' before it ('left London', 'the London "
    "air', 'the Agra treasure').",
    (
        Case(
            "Doyle",
            ("The Boscombe Valley mystery began; and Boscombe Valley was quiet.",
             "Holmes thought of Boscombe Valley."),
            kinds=(("Boscombe Valley", "place"),),
        ),
        Case(
            "Austen",
            ("Sir Walter let Kellynch Hall; and Kellynch Hall was fine.",
             "Anne thought of Kellynch Hall."),
            kinds=(("Kellynch Hall", "place"),),
        ),
        Case(
            "Doyle",
            ("Small spoke of the Andaman Island convicts; and Small said the Andaman Islands "
             "were hot, and the Andaman Islands were wet.",
             "Then Small cursed the Andaman Islands, and the Andaman Islands were far."),
            kinds=(("the Andaman Islands", "place"),),
        ),
        Case(
            "Doyle",
            ("Wilson answered the Red-headed League; and the League paid him.",
             "Then the League was dissolved, and Holmes laughed at the League."),
            kinds=(("the League", "organization"),),
        ),
        Case(
            "Wells",
            ("A lass of the Salvation Army sang; and the Salvation Army marched by.",
             "Kemp thought of the Salvation Army."),
            kinds=(("the Salvation Army", "organization"),),
        ),
        Case(
            "Wells",
            ("I went there after I left London; and I never saw London again.",
             "The pale London dawn came; and the London air was cold."),
            kinds=(("London", "place"),),
        ),
        Case(
            "Doyle",
            ("Small spoke of the Agra treasure; and Agra was a long way off.",
             "Then Small said that Agra and its treasure were cursed."),
            kinds=(("Agra", "place"),),
        ),
    ),
)  # fmt: skip

CALLED_WHO = Rule(
    "called-who",
    "types",
    "whether a name the text speaks of as of a person is a person",
    "A name the text says 'who' of is a person's ('Peterson, who, as you know…', 'by name "
    "Heintze, who…'); places and things are 'which', and after 'of' the 'who' is the phrase's. "
    "So is one it says 'himself' or 'herself' of ('and Shakespeare himself'; not 'to Bath "
    "herself', which is the speaker's, nor 'a schoolfellow in Bath, who') or calls a man or a "
    "woman ('Romeo was a stout elderly gentleman'); and a place it says 'who' of becomes a "
    "person ('to join Beaudelet, who was out there'; not 'the Gulf, whose murmur').",
    (
        Case(
            "Doyle",
            ("It was Peterson, who, as you know, is the commissionaire.",
             "Holmes thanked Peterson."),
            kinds=(("Peterson", "person"),),
        ),
        Case(
            "Dostoevsky",
            ("I knew Heintze, who until lately kept the inn.",
             "The General thought of Heintze."),
            kinds=(("Heintze", "person"),),
        ),
        Case(
            "Wilde",
            ("The play began. Romeo was a stout elderly gentleman, with corked eyebrows.",
             "Sibyl looked at Romeo; and Dorian thought of Romeo."),
            kinds=(("Romeo", "person"),),
        ),
        Case(
            "Wilde",
            ("Such love as Michelangelo had known, and Shakespeare himself, was his.",
             "Dorian read Shakespeare; and Lord Henry praised Shakespeare."),
            kinds=(("Shakespeare", "person"),),
        ),
        Case(
            "Austen",
            ("“I shall go to Bath herself,” said Lady Russell; and an old schoolfellow in Bath, "
             "who was ill, wrote to Anne.",
             "Sir Walter went to Bath; and in Bath Anne was sad. At Bath Anne walked.",
             "From Bath Anne wrote; and in Bath Anne stayed, and to Bath Anne came back."),
            kinds=(("Bath", "place"),),
        ),
        Case(
            "Chopin",
            ("Edna went over to Beaudelet; at Beaudelet the boats lay, and in Beaudelet they sang.",
             "Then Robert went down to join Beaudelet, who was out there trimming the sails.",
             "Edna looked away toward the Gulf, whose murmur reached her; and the Gulf was calm."),
            kinds=(("Beaudelet", "person"), ("Gulf", "place")),
        ),
    ),
)  # fmt: skip
