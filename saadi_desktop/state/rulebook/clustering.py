"""The names pass's clustering rules: which names are variants of one name, each variant
joining the clusters seen so far in reading order."""

from __future__ import annotations

from saadi_desktop.state.rulebook.core import Case, Rule

SIDE_BY_SIDE = Rule(
    "two-names-side-by-side",
    "clustering",
    "whether a run of name words is one name or two",
    "Two known names of different clusters side by side are two mentions ('from London Lydia "
    "came') when the second is a given name there and never a surname, or the first is a place "
    "and the second is not; 'Elizabeth Bennet' stays whole.",
    (
        Case(
            "Austen",
            ("Lydia Bennet went up to London. Lydia was in London a week, and came back from "
             "London.",
             "From London Lydia wrote; and in London Lydia laughed."),
            apart=(("London", "Lydia"),),
            absent=("London Lydia",),
        ),
        Case(
            "Dostoevsky",
            ("Polina Alexandrovna went to Paris. Polina was in Paris a week, and came back from "
             "Paris.",
             "From Paris Polina wrote; and in Paris Polina laughed."),
            apart=(("Paris", "Polina"),),
            absent=("Paris Polina",),
        ),
    ),
)  # fmt: skip

TITLE_HOLDERS = Rule(
    "a-title-and-its-holder",
    "clustering",
    "which cluster a title with or without its realm joins",
    "A bare title joins the one cluster of it with a realm ('the King' of 'the King of "
    "Bohemia'), and a title with a realm the one cluster of that realm or a bare title with no "
    "other realm; 'the King of Scandinavia' is another king.",
    (
        Case(
            "Doyle",
            ("The King of Bohemia came to Baker Street; Holmes bowed to the King of Bohemia.",
             "“Well?” said the King; and the King sat down."),
            same=(("the King of Bohemia", "the King"),),
        ),
        Case(
            "Carroll",
            ("The Queen of Hearts made some tarts; and the Queen of Hearts was cross.",
             "“Off with his head!” said the Queen; and the Queen frowned."),
            same=(("the Queen of Hearts", "the Queen"),),
        ),
    ),
)  # fmt: skip

ONE_ROLE = Rule(
    "one-role-one-person",
    "clustering",
    "which cluster a title used alone joins",
    "A title or kinship word used alone is one person within a book, with or without its article "
    "and in any of its forms ('the Duchess' and 'Duchess', 'Grandmamma' and 'Grandmother'); "
    "as the text is read it joins no named cluster ('General Perovski' may be another general), "
    "but once both are read it is the one bearer of the title the whole book names in more than "
    "one passage and in the stretch of the book where the title is used alone ('the Admiral' is "
    "Admiral Croft beside an Admiral Baldwin of one anecdote, 'the Baron' Baron Burmergelm "
    "beside a Baron Rothschild named only before; not one of Colonel Forster and Colonel "
    "Fitzwilliam).",
    (
        Case(
            "Dostoevsky",
            ("Polina thought of Grandmother; and the General feared Grandmother.",
             "“Welcome, Grandmamma,” said Polina; and Grandmamma smiled at Polina."),
            same=(("Grandmother", "Grandmamma"),),
        ),
        Case(
            "Carroll",
            ("“Come,” said the Duchess to Alice; and the Duchess smiled.",
             "“Yes, Duchess,” said Alice; and Alice sat by Duchess and baby."),
            same=(("the Duchess", "Duchess"),),
        ),
        Case(
            "Austen",
            ("Sir Walter spoke of Admiral Baldwin, and Admiral Baldwin's face.",
             "Then Admiral Croft took Kellynch; and Admiral Croft was pleased.",
             "“The Admiral walks,” said Anne; and the Admiral walked with Admiral Croft's wife.",
             "Later the Admiral laughed; and Admiral Croft drove."),
            same=(("the Admiral", "Admiral Croft"),),
            apart=(("the Admiral", "Admiral Baldwin"),),
        ),
        Case(
            "Dostoevsky",
            ("I bowed to the Baroness; and the Baroness frowned at the Baron.",
             "Then Baroness Burmergelm walked by; and Baroness Burmergelm scowled.",
             "The Baroness said nothing; and Baroness Burmergelm left."),
            same=(("the Baroness", "Baroness Burmergelm"),),
        ),
        Case(
            "Dostoevsky",
            ("They say Baron Rothschild is rich; Baron Rothschild lends to kings.",
             "I should be as rich as Baron Rothschild, I thought.",
             "Then Baron Burmergelm walked by, and I bowed to the Baron.",
             "The Baron frowned at me; and Baron Burmergelm left.",
             "Later the Baron called on the General."),
            same=(("the Baron", "Baron Burmergelm"),),
            apart=(("the Baron", "Baron Rothschild"),),
        ),
        Case(
            "Doyle",
            ("Holmes spoke of Colonel Warburton; Colonel Warburton had gone mad.",
             "Watson thought again of Colonel Warburton.",
             "Colonel Stark met the engineer at the station; the Colonel was thin.",
             "“Come,” said the Colonel; and Colonel Stark drove on.",
             "The Colonel locked the door."),
            same=(("the Colonel", "Colonel Stark"),),
            apart=(("the Colonel", "Colonel Warburton"),),
        ),
        Case(
            "Austen",
            ("Colonel Forster laughed; and Colonel Forster danced with Lydia.",
             "Colonel Fitzwilliam bowed; and Colonel Fitzwilliam talked with Elizabeth.",
             "“The Colonel is here,” said Lydia; and the Colonel came. Colonel Forster smiled; "
             "Colonel Fitzwilliam left."),
            apart=(("the Colonel", "Colonel Forster"), ("the Colonel", "Colonel Fitzwilliam")),
        ),
    ),
)  # fmt: skip

OWN_FORM = Rule(
    "a-form-of-its-own",
    "clustering",
    "whether a name that holds another's words is that other",
    "A form that names someone else than its words do is only ever itself: the wife named by "
    "her husband's full name ('Mrs. Charles Musgrove'), a street named after someone ('Baker "
    "Street'), the holder of a realm's title ('the Countess of Morcar'), a king by his epithet.",
    (
        Case(
            "Austen",
            ("Charles Musgrove shot; and Charles Musgrove rode.",
             "Mrs. Charles Musgrove was ill, said Anne; and Mrs. Charles Musgrove wept."),
            apart=(("Mrs. Charles Musgrove", "Charles Musgrove"),),
        ),
        Case(
            "Doyle",
            ("Holmes watched James Ryder; and James Ryder trembled.",
             "Then wept Mrs. James Ryder; and Holmes comforted Mrs. James Ryder."),
            apart=(("Mrs. James Ryder", "James Ryder"),),
        ),
    ),
)  # fmt: skip

SAME_ADDRESS = Rule(
    "the-same-form-of-address",
    "clustering",
    "which cluster a title and a surname join",
    "A form of address and a surname join only a cluster addressed exactly so, with or without "
    "the title's full stop, or by the kinship title that goes with it ('Aunt Philips' is Mrs. "
    "Philips); 'Mrs. Bennet' is neither 'Miss Bennet' nor 'Elizabeth Bennet'.",
    (
        Case(
            "Austen",
            ("“My aunt Philips is coming,” said Lydia; and my aunt Philips came.",
             "Mrs. Philips laughed with Lydia, and Mrs. Philips sat."),
            same=(("Aunt Philips", "Mrs. Philips"),),
        ),
        Case(
            "Doyle",
            ("“Mr. Holmes,” said the King; and Mr. Holmes bowed.",
             "“Mr Holmes, you are right,” said the King again; and Mr Holmes smiled."),
            same=(("Mr. Holmes", "Mr Holmes"),),
        ),
    ),
)  # fmt: skip

A_TITLE_DROPPED = Rule(
    "a-title-a-book-drops",
    "clustering",
    "which cluster a title and a given name join",
    "A title and a given name join the one cluster with that given name and title, or for a "
    "title a book drops ('Sir', 'Lord', 'Miss', a boy's 'Master', 'Mlle.') the one with that "
    "given name bare ('Sir William' of 'Sir William Lucas', 'Mlle. Polina' of 'Polina "
    "Alexandrovna', 'Master Harry' of 'Harry Musgrove'); 'Mr.' before a word the book writes "
    "only as a given name is a young man's or a servant's address by it ('Mr. Thaddeus' of "
    "'Mr. Thaddeus Sholto'). A word the book writes as a surname is one after any title: 'Miss "
    "Hamilton' is not Joe Hamilton by a given name 'Hamilton'.",
    (
        Case(
            "Austen",
            ("Sir William Lucas bowed; and Sir William Lucas spoke to Lydia.",
             "Sir William smiled, and Sir William left."),
            same=(("Sir William Lucas", "Sir William"),),
        ),
        Case(
            "Dostoevsky",
            ("Polina Alexandrovna went out; and Polina Alexandrovna was pale.",
             "“Mlle. Polina!” cried the General; and Mlle. Polina turned."),
            same=(("Polina Alexandrovna", "Mlle. Polina"),),
        ),
        Case(
            "Austen",
            ("Mrs. Musgrove spoke of Harry Musgrove; and Harry Musgrove was at school.",
             "The long-petted Master Harry was sent to school, and Master Harry wept."),
            same=(("Harry Musgrove", "Master Harry"),),
        ),
        Case(
            "Doyle",
            ("Then came Mr. Thaddeus Sholto; and Mr. Thaddeus Sholto bowed to Holmes.",
             "“Mr. Thaddeus!” cried the servant; and Mr. Thaddeus wept."),
            same=(("Mr. Thaddeus Sholto", "Mr. Thaddeus"),),
        ),
        Case(
            "Wells",
            ("At the door stood Teddy Henfrey; and Teddy Henfrey mended the clock.",
             "“Good afternoon, Mr. Teddy,” said Mrs. Hall; and Mr. Teddy went out."),
            same=(("Teddy Henfrey", "Mr. Teddy"),),
        ),
        Case(
            "Dunbar",
            ("Then came Joe Hamilton; and Joe Hamilton said he was a barber. Joe Hamilton said he "
             "was tired, and Joe Hamilton thought he would rest.",
             "Then Hamilton said nothing; and Hamilton went out.",
             "“A great piece of work, Miss Hamilton,” said the fellow; and Miss Hamilton laughed."),
            apart=(("Joe Hamilton", "Miss Hamilton"),),
        ),
        Case(
            "Doyle",
            ("Then came John Douglas; and John Douglas said he was cold. John Douglas said he was "
             "tired, and John Douglas thought he would rest.",
             "Then Douglas smiled; and Douglas slept.",
             "“Come, Miss Douglas,” said Holmes; and Miss Douglas rose."),
            apart=(("John Douglas", "Miss Douglas"),),
        ),
    ),
)  # fmt: skip

A_SURNAME_IS_THE_MAN = Rule(
    "a-surname-is-the-man",
    "clustering",
    "which cluster a bare surname and a man's title join",
    "A bare surname customarily names the man: 'Mr. Bingley' or 'Dr. Watson' joins 'Bingley' "
    "or 'Watson', alone or as the surname of a man never given another title ('Mr. Holmes' of "
    "'Mr. Sherlock Holmes'; not 'Mr. Elliot' of 'Sir Walter Elliot'); among a family ('Bennet' "
    "beside Mr., Mrs. and Miss Bennet) the bare surname is the one addressed by it with a man's "
    "title; nor does it join a woman's title alone ('said Hall' beside 'Mrs. Hall' is her "
    "husband, 'Mr. Hall'): whether it is hers, the identity rules weigh over the whole book.",
    (
        Case(
            "Austen",
            ("Bingley danced; and Bingley laughed with Jane.",
             "Mr. Bingley bowed to Jane, and Mr. Bingley sat with Miss Bingley and Mrs. Hurst."),
            same=(("Bingley", "Mr. Bingley"),),
            apart=(("Bingley", "Miss Bingley"),),
        ),
        Case(
            "Doyle",
            ("Watson wrote; and Watson slept.",
             "Dr. Watson rose, said Holmes; and Dr. Watson went out with Mrs. Watson."),
            same=(("Watson", "Dr. Watson"),),
        ),
        Case(
            "Austen",
            ("Mr. Bennet read; and Mr. Bennet smiled. Mrs. Bennet sighed; and Mrs. Bennet wept.",
             "“Bennet,” said Sir William, “is a good man.” And Bennet laughed."),
            same=(("Bennet", "Mr. Bennet"),),
        ),
        Case(
            "Doyle",
            ("Mr. Turner came; and Mr. Turner spoke. Miss Turner wept; and Miss Turner was pale.",
             "“Turner,” said Holmes, “is guilty.” And Turner confessed."),
            same=(("Turner", "Mr. Turner"),),
        ),
        Case(
            "Wells",
            ("Then said Mrs. Hall, “Come in,” and Mrs. Hall smiled.",
             "At this Hall said nothing; and Hall went out to the yard. Then came Mr. Hall, and "
             "Mr. Hall swore."),
            same=(("Hall", "Mr. Hall"),),
            apart=(("Hall", "Mrs. Hall"),),
        ),
        Case(
            "Austen",
            ("Then said Mrs. Allen, “Yes,” and Mrs. Allen smiled at Catherine.",
             "At this Allen said nothing; and Allen went out to walk. Then came Mr. Allen, and Mr. "
             "Allen sat."),
            same=(("Allen", "Mr. Allen"),),
            apart=(("Allen", "Mrs. Allen"),),
        ),
    ),
)  # fmt: skip

ONE_RANK = Rule(
    "one-rank-one-surname",
    "clustering",
    "whether a rank and a surname join a fuller name of that rank",
    "A rank and a surname name one person however fully ('Captain Wentworth' is 'Captain "
    "Frederick Wentworth', 'Colonel Stark' is 'Colonel Lysander Stark'); 'Mr.' and 'Mrs.' may "
    "be a father and a son.",
    (
        Case(
            "Austen",
            ("Captain Frederick Wentworth came; and Captain Frederick Wentworth bowed to Anne.",
             "Captain Wentworth smiled; and Anne saw Captain Wentworth."),
            same=(("Captain Frederick Wentworth", "Captain Wentworth"),),
        ),
        Case(
            "Doyle",
            ("Colonel Lysander Stark came in; and Colonel Lysander Stark sat down.",
             "Colonel Stark smiled, said Hatherley; and Colonel Stark left."),
            same=(("Colonel Lysander Stark", "Colonel Stark"),),
        ),
    ),
)  # fmt: skip

SHORTER_OR_FULLER = Rule(
    "a-shorter-or-fuller-form",
    "clustering",
    "which cluster an untitled name joins",
    "A shorter form of a known name joins it ('Elizabeth' of 'Elizabeth Bennet', 'the Turtle' "
    "of 'the Mock Turtle', an epithet's short form), and so does a fuller form that keeps a "
    "known first name; never a fuller form of a titled surname ('Georgiana Darcy' is not 'Mr. "
    "Darcy').",
    (
        Case(
            "Austen",
            ("Elizabeth Bennet laughed; and Darcy looked at Elizabeth Bennet.",
             "Elizabeth smiled, and Elizabeth went out."),
            same=(("Elizabeth Bennet", "Elizabeth"),),
        ),
        Case(
            "Carroll",
            ("“Once,” said the Mock Turtle, “I was a real Turtle.” Alice looked at the Mock "
             "Turtle.",
             "Then sighed the Turtle; and the Turtle wept."),
            same=(("Mock Turtle", "Turtle"),),
        ),
    ),
)  # fmt: skip


PLACE_AND_PERSON = Rule(
    "a-place-is-no-person",
    "clustering",
    "whether a place's name and a person's can join for a shared word",
    "A name ending in a place noun ('Lucas Lodge', 'Turner Hall') joins no cluster with a title "
    "or a gender, and a titled name none with such a name: Sir William's house is not his "
    "daughter. Nor is a group what it is named after: 'the Coburg Bank' is not the town "
    "'Coburg' (but 'the League' may be the Red-headed League).",
    (
        Case(
            "Austen",
            ("Miss Lucas came; and Miss Lucas smiled.",
             "They walked to Lucas Lodge; and at Lucas Lodge Miss Lucas sat."),
            apart=(("Lucas Lodge", "Miss Lucas"),),
        ),
        Case(
            "Doyle",
            ("Mr. Turner came; and Mr. Turner spoke.",
             "They drove to Turner Hall; and at Turner Hall Mr. Turner waited."),
            apart=(("Turner Hall", "Mr. Turner"),),
        ),
        Case(
            "Doyle",
            ("Holmes drove to Coburg; and at Coburg Holmes waited, for Coburg was quiet.",
             "That night the Coburg Bank was robbed; and the Coburg Bank was shut."),
            apart=(("Coburg", "Coburg Bank"),),
        ),
        Case(
            "Dickens",
            ("Bounderby rode into Coketown; and Coketown smoked. In Coketown all was fact.",
             "Bounderby kept the Coketown Bank; and the Coketown Bank was his pride."),
            apart=(("Coketown", "Coketown Bank"),),
        ),
    ),
)  # fmt: skip

A_TITLE_THAT_STAYS = Rule(
    "a-title-that-stays",
    "clustering",
    "whether two names with one given name are one person",
    "Two names with one given name are two people when only one has a title a book does not "
    "drop ('Lady Catherine de Bourgh' is not the 'Catherine' who is Kitty) or a saint's ('St. "
    "John' is no 'Mr. John Hare').",
    (
        Case(
            "Austen",
            ("Catherine laughed, said Lydia; and Catherine coughed.",
             "Lady Catherine de Bourgh came; and Lady Catherine de Bourgh spoke."),
            apart=(("Catherine", "Lady Catherine de Bourgh"),),
        ),
        Case(
            "Doyle",
            ("Mr. John Hare came; and Mr. John Hare spoke.",
             "Holmes walked to St. John; and at St. John Holmes waited."),
            apart=(("St. John", "Mr. John Hare"),),
        ),
    ),
)  # fmt: skip
