"""The names pass's mining rules: which words and runs of words in the text are names."""

from __future__ import annotations

from saadi_desktop.state.rulebook.core import Case, Rule

CAPITALISED = Rule(
    "capitalised-inside-a-sentence",
    "mining",
    "which words are names at all",
    "A word capitalised at least twice where no sentence forces a capital, and hardly ever "
    "written in lowercase, is a name; a capital at a sentence's start says nothing ('Long before "
    "they came'). So is a common word capitalised after 'the' three times, as often as the book "
    "writes it in lowercase: the one creature or place the story means by it ('said the Mouse' "
    "beside 'a mouse', 'the Parsonage'). A name's prefix keeps its own capital after it "
    "('McCarthy', 'MacPherson', 'M’Choakumchild', 'O’Grady').",
    (
        Case(
            "Austen",
            ("“I am sure,” said Elizabeth, “that Darcy is proud.” Jane smiled at Elizabeth.",
             "Long before Darcy came, the long walk had tired Jane and Elizabeth."),
            same=(("Elizabeth",), ("Darcy",), ("Jane",)),
            absent=("Long",),
        ),
        Case(
            "Dostoevsky",
            ("Raskolnikov went out; and Razumihin followed Raskolnikov down the stairs.",
             "Dark were the stairs, said Razumihin to Raskolnikov."),
            same=(("Raskolnikov",), ("Razumihin",)),
            absent=("Dark",),
        ),
        Case(
            "Carroll",
            ("“Sit down,” said the Mouse; and the Mouse sat. A mouse is a small thing.",
             "“I shall go,” said the Mouse to Alice; and Alice watched the Mouse."),
            same=(("the Mouse",),),
        ),
        Case(
            "Austen",
            ("Mr. Collins walked to the Parsonage; and at the Parsonage Charlotte sat.",
             "The parsonage was small, and Elizabeth liked the Parsonage."),
            kinds=(("the Parsonage", "place"),),
        ),
        Case(  # a name's prefix and its own capital
            "Doyle",
            ("Then came Mr. McCarthy; and McCarthy sat down by Holmes.",
             "“It is I, McMurdo,” he said. Holmes looked at McCarthy and at McMurdo."),
            same=(("Mr. McCarthy", "McCarthy"), ("McMurdo",)),
        ),
        Case(
            "Dickens",
            ("Then Mr. M’Choakumchild began; and M’Choakumchild taught.",
             "“Ma’am,” said the girl to M’Choakumchild, and M’Choakumchild frowned."),
            same=(("Mr. M’Choakumchild", "M’Choakumchild"),),
            absent=("Ma’am",),
        ),
    ),
)  # fmt: skip

GIVEN_NAME_ONCE = Rule(
    "a-given-name-once",
    "mining",
    "whether a word met once is a name",
    "A word the book capitalises once, where no sentence forces it, and never writes in "
    "lowercase, is a name when the nickname table knows it as a full given name: a servant "
    "named once ('Sarah'), not a word such as 'One'.",
    (
        Case(
            "Austen",
            ("Mrs. Bennet rang the bell, and Sarah came in.", "Mrs. Bennet was pleased."),
            same=(("Sarah",),),
        ),
        Case(
            "Doyle",
            ("Holmes rose, and Holmes read the card that Peter brought up.", "Holmes smiled."),
            same=(("Peter",),),
        ),
    ),
)  # fmt: skip

NEVER_A_NAME = Rule(
    "never-a-name",
    "mining",
    "which capitalised words are never names",
    "Months, days, feasts, interjections, 'God', 'Heaven' (and as a dialect speaks them: "
    "'Gawd', 'Lawd'), 'Mamma', 'Papa', plural forms of address and ranks ('Messrs', 'Captains "
    "Harville and Benwick'), a compass point's adjective ('Southern') and contractions ('I’ll') "
    "are capitalised but name no one, nor does a name ending in a noun of a work of music, dance "
    "or verse ('the Lobster Quadrille', 'the Blue Danube Waltz').",
    (
        Case(
            "Austen",
            ("“La! Heaven knows,” said Lydia, “I shall go on Monday with Mamma.”",
             "On Monday Lydia went, and Mamma cried, and Heaven was kind."),
            same=(("Lydia",),),
            absent=("Mamma", "Monday", "Heaven"),
        ),
        Case(
            "Doyle",
            ("Holmes wrote to Messrs. Holder and Stevenson, and Holmes waited.",
             "Holmes went to see Messrs. Holder, and Holmes smiled at Mr. Holder."),
            same=(("Mr. Holder",),),
            absent=("Messrs",),
        ),
        Case(
            "Austen",
            ("Captain Harville laughed; and Captain Harville sat by Anne.",
             "While Captains Harville and Benwick led the talk, Anne listened to Captain "
             "Harville.",
             "Then came Captains Harville and Benwick to the inn; and Anne smiled."),
            same=(("Captain Harville", "Harville"),),
            absent=("Captains Harville", "Captains"),
        ),
        Case(
            "Dunbar",
            ("“O Gawd! O Gawd!” cried Fannie; and Fannie wept in the Southern town.",
             "“Gawd knows, child,” said Fannie; and the Southern city slept, and Gawd was kind."),
            same=(("Fannie",),),
            absent=("Gawd", "Southern"),
        ),
        Case(
            "Carroll",
            ("“Shall we try the Lobster Quadrille?” said the Gryphon to Alice.",
             "So the Gryphon and the Mock Turtle danced the Lobster Quadrille, and Alice "
             "watched the Gryphon."),
            same=(("the Gryphon",),),
            absent=("the Lobster Quadrille", "Lobster Quadrille"),
        ),
        Case(
            "Wilde",
            ("Lord Henry hummed the Blue Danube Waltz; and Dorian laughed at Lord Henry.",
             "“The Blue Danube Waltz,” said Dorian, “is for Sibyl.” And Lord Henry smiled."),
            same=(("Lord Henry",),),
            absent=("the Blue Danube Waltz", "Blue Danube Waltz"),
        ),
    ),
)  # fmt: skip

STYLE_OF_ADDRESS = Rule(
    "a-style-of-address",
    "mining",
    "whether a word after 'your', 'his', 'her' is a name",
    "A word the book mostly puts after 'your', 'his', 'her' or 'their' is a style of address "
    "('your Majesty', 'his Lordship'), not a name.",
    (
        Case(
            "Carroll",
            ("“Your Majesty,” said the Hatter, “I beg your Majesty’s pardon.” Alice looked.",
             "“Yes, your Majesty,” said Alice, and your Majesty frowned."),
            absent=("Majesty",),
        ),
        Case(
            "Doyle",
            ("“I was aware that I was addressing his Majesty,” said Holmes.",
             "“Then, your Majesty, we must go,” said Holmes to his Majesty."),
            absent=("Majesty",),
        ),
    ),
)  # fmt: skip

PART_OF_A_WORD = Rule(
    "part-of-a-word",
    "mining",
    "whether a capitalised word joined by a hyphen is a name",
    "A capitalised word the book mostly joins by a hyphen to a lowercase one is the first part "
    "of a word ('a Caucus-race', 'Soo-oop'), not a name; and a name joined by a hyphen to "
    "another word is no mention of the name there ('Down the Rabbit-Hole'). A street "
    "('Grosvenor-street') keeps its name.",
    (
        Case(
            "Carroll",
            ("Down the Rabbit-Hole. Alice saw a White Rabbit run; and the White Rabbit was late.",
             "Down the Rabbit-Hole went the Rabbit, and Alice after the Rabbit."),
            same=(("White Rabbit", "the Rabbit"),),
        ),
        Case(
            "Carroll",
            ("“The best thing to get us dry would be a Caucus-race,” said the Dodo to Alice.",
             "“What is a Caucus-race?” said Alice; and Alice ran in the Caucus-race."),
            absent=("Caucus",),
        ),
        Case(
            "Wilde",
            ("Lord Henry said only a Tory-minded man could like it; Basil smiled at Lord Henry.",
             "Basil called it a Tory-minded thing, and Basil laughed at the Tory-minded talk."),
            absent=("Tory",),
        ),
    ),
)  # fmt: skip

WORD_OF_SPEECH = Rule(
    "a-word-of-speech",
    "mining",
    "whether an oath or an interjection is a name",
    "A word used at least three times, never after a title, two times in three before '!' or "
    "opening a speech before a comma ('“Oh, Lor!”', '“Well, Lor, sir”'), and not a given name, "
    "is a word of speech.",
    (
        Case(
            "Carroll",
            ("“Oh, Lor!” cried the Cook, and Alice looked at her.",
             "“Well, Lor, how she did squeak!” said the Cook. “Oh, Lor!” said Alice."),
            same=(("Alice",),),
            absent=("Lor",),
        ),
        Case(
            "Doyle",
            ("“Oh, Lor!” said Mrs. Hudson, and Holmes looked up.",
             "“Well, Lor, sir!” said Mrs. Hudson to Holmes. “Ah, Lor!”"),
            same=(("Mrs. Hudson",),),
            absent=("Lor",),
        ),
    ),
)  # fmt: skip

A_PEOPLE = Rule(
    "a-people",
    "mining",
    "whether a word names a people rather than a person",
    "A nationality or a people's word ('the Russians', 'a Frenchman', 'an Englishman', 'a "
    "Creole', 'the Sikh'), or a word with a demonym "
    "ending that the book uses as a common noun ('a Prussian') or that is a name of the book "
    "plus the ending ('Parisian' of 'Paris'), names a people — unless a title precedes it.",
    (
        Case(
            "Dostoevsky",
            ("“The Russians cannot play,” said the General, and a Frenchman laughed.",
             "The Russians lost, said Polina, and the Frenchman won; Polina left."),
            absent=("Russians", "Frenchman"),
        ),
        Case(
            "Doyle",
            ("“You are an Englishman,” said the King to Holmes, and the Englishman bowed.",
             "The Englishman was Holmes, said Watson."),
            absent=("Englishman",),
        ),
        Case(
            "Chopin",
            ("Edna was not a Creole; and the Creole ladies laughed at Edna.",
             "Among the Creole women Edna sat, and a Creole sang to Edna."),
            absent=("Creole",),
        ),
    ),
)  # fmt: skip

AFTER_A_TITLE = Rule(
    "a-name-after-a-title",
    "mining",
    "whether a common word after a title is a name",
    "A word the book puts after a title or a full given name twice, or once if it never writes "
    "it in lowercase nor after 'a', is a name right there ('Mrs. Long', 'Miss Brown', 'Jonathan "
    "Small'), as it is twice after a diminutive the book calls someone by alone ('Minty "
    "Brown'), and where no sentence forces a capital ('said Small'), not elsewhere ('a long "
    "walk'); one title before a common noun makes no name of it ('Master Frenchman' beside 'a "
    "Frenchman').",
    (
        Case(
            "Austen",
            ("“Mrs. Long says that Netherfield is taken,” said Mrs. Bennet; Mrs. Long was right.",
             "It was a long time, and a long walk, said Mrs. Bennet."),
            kinds=(("Mrs. Long", "person"),),
        ),
        Case(
            "Doyle",
            ("“Miss Brown is here,” said Holmes; and Miss Brown came in, in a brown dress.",
             "The brown dog barked at Miss Brown."),
            kinds=(("Miss Brown", "person"),),
        ),
        Case(
            "Dostoevsky",
            ("A Frenchman came to the Casino; and the Frenchman bowed to Polina.",
             "“Later, Master Frenchman,” I muttered; and the Frenchman smiled at Polina."),
            absent=("Frenchman", "Master Frenchman", "the Frenchman"),
        ),
        Case(
            "Doyle",
            ("My name is Jonathan Small; and Jonathan Small I was. A small boat lay by, with small "
             "oars.",
             "Then, said Small, the treasure was ours; and so Small took a small box."),
            same=(("Jonathan Small", "Small"),),
        ),
        Case(
            "Wells",
            ("Then came Thomas Marvel down the road; and Thomas Marvel sat down. It was a marvel.",
             "“Well,” said Marvel, and Marvel marvelled at the marvel of it."),
            same=(("Thomas Marvel", "Marvel"),),
        ),
        Case(
            "Dunbar",
            ("Minty laughed; and Minty went up the street in her brown dress.",
             "It was Minty Brown, said Kitty; Minty Brown had told all. Minty was gone.",
             "The brown house was empty."),
            same=(("Minty", "Minty Brown"),),
            kinds=(("Minty Brown", "person"),),
        ),
        Case(
            "Wells",
            ("Then Teddy came by; and Teddy saw the stranger. The carter's cart stood by.",
             "“Hullo,” said Teddy Carter; and Teddy Carter went. Teddy was a carter's son."),
            same=(("Teddy", "Teddy Carter"),),
            kinds=(("Teddy Carter", "person"),),
        ),
    ),
)  # fmt: skip

FIRST_WORD_OF_A_NAME = Rule(
    "the-first-word-of-a-name",
    "mining",
    "whether a capitalised word that is no name begins one",
    "A capitalised word the book writes at least twice inside a sentence and right before "
    "another capitalised word in all but one use in eight begins a longer name ('Covent "
    "Garden', 'the Holy See', 'the White Rabbit', 'De Griers', 'the Invisible Man' beside a "
    "cry of “Invisible!”), whose other word need not be a name itself; a word also "
    "written in lowercase before a name is a title ('Nurse Rooke', 'nurse Rooke'), and a "
    "particle is the surname's ('De Griers' is 'Monsieur de Griers').",
    (
        Case(
            "Carroll",
            ("Alice saw a White Rabbit run by; and the White Rabbit took a watch out.",
             "“Oh dear!” said the Rabbit; and the Rabbit ran. Alice followed the White Rabbit."),
            same=(("White Rabbit", "the Rabbit"),),
        ),
        Case(
            "Dostoevsky",
            ("Then our Marquis de Griers came in; and with De Griers came Blanche.",
             "“See here, Monsieur de Griers,” I said to the Marquis; but De Griers only smiled."),
            same=(("De Griers", "Marquis de Griers", "Monsieur de Griers"),),
        ),
        Case(
            "Austen",
            ("Mrs. Smith said Nurse Rooke would come; and Nurse Rooke came to Mrs. Smith.",
             "Mrs. Rooke was clever, said Mrs. Smith; nurse Rooke knew everyone."),
            same=(("Mrs. Rooke", "Rooke"),),
        ),
        Case(
            "Doyle",
            ("Holmes walked to Covent Garden, and at Covent Garden he bought a goose.",
             "The garden was wet; Watson sat in the garden, and the garden was dark."),
            same=(("Covent Garden",),),
        ),
        Case(
            "Austen",
            ("Anne walked to Westgate Buildings; and Anne found Westgate Buildings dull.",
             "The buildings were old; the buildings were cheap, and the buildings were dark."),
            same=(("Westgate Buildings",),),
        ),
        Case(
            "Wells",
            ("Then came the Invisible Man; and the Invisible Man laughed. “Invisible!” said Kemp "
             "to a man.",
             "At this the Invisible Man swore; for the Invisible Man was angry, and the Invisible "
             "Man ran. Then the Invisible Man sat.",
             "Once more the Invisible Man spoke to the man; and the Invisible Man slept, like any "
             "man."),
            same=(("the Invisible Man", "Invisible"),),
        ),
    ),
)  # fmt: skip

AN_INITIAL = Rule(
    "an-initial",
    "mining",
    "whether a capital letter and a full stop inside a name belong to it",
    "A capital letter and a full stop between a name's words, or after a title, is an initial "
    "of the name ('Randolph C. Miller', 'Mr. E. W. B. Childers'), not the end of a sentence.",
    (
        Case(
            "James",
            ("At Vevey came Randolph C. Miller; and Randolph C. Miller ate sugar.",
             "Then said Randolph Miller, “I want candy”; and Randolph Miller ran."),
            same=(("Randolph C. Miller", "Randolph Miller"),),
        ),
        Case(
            "Doyle",
            ("The card read Mr. John H. Watson; and Mr. John H. Watson was I.",
             "Then said John Watson, “Holmes!” and John Watson laughed."),
            same=(("Mr. John H. Watson", "John Watson"),),
        ),
    ),
)  # fmt: skip

TITLE_AND_REALM = Rule(
    "a-title-and-its-realm",
    "mining",
    "whether 'of' and a capitalised word belong to a title's name",
    "A title followed by 'of' and a capitalised word is one name with its realm or suit ('the "
    "King of Bohemia', 'the Knave of Hearts', 'the Duchess of Monmouth'); the realm alone is no "
    "one's.",
    (
        Case(
            "Doyle",
            ("“You may address me as the Count,” said the King of Bohemia. Holmes bowed to the "
             "King of Bohemia.",
             "Bohemia was far away, said the King of Bohemia."),
            same=(("the King of Bohemia",),),
            apart=(("the King of Bohemia", "Bohemia"),),
        ),
        Case(
            "Carroll",
            ("The Knave of Hearts stole the tarts; and the Knave of Hearts ran.",
             "“Hearts are trumps,” said the Knave of Hearts to Alice."),
            same=(("the Knave of Hearts",),),
        ),
    ),
)  # fmt: skip

AFTER_AN_ARTICLE = Rule(
    "a-name-after-an-article",
    "mining",
    "what a name after 'the' or 'a' names",
    "An article before a name changes what it names. A surname alone after 'the', 'a' or "
    "'an', or as 'the name of' one, names the family, not a person of it ('the Elliot pride', "
    "'an Elliot'); a given name alone after 'the' is a thing named after someone, an inn, an "
    "order ('got to the George', 'the Anna in his buttonhole'), while a title stays a role "
    "('the King'); and a name the book writes after 'the' in three of four uses is known by "
    "its article, which its mentions keep ('the Hatter', 'the Mock Turtle', 'the Casino').",
    (
        Case(
            "Carroll",
            ("“Your hair wants cutting,” said the Hatter. The Hatter opened his eyes.",
             "“Take some more tea,” the Hatter said to Alice; and Alice looked at the Hatter."),
            same=(("the Hatter",),),
            absent=("Hatter",),
        ),
        Case(
            "Carroll",
            ("“Once,” said the Mock Turtle, “I was a real Turtle.” The Mock Turtle sighed, and "
             "the Mock Turtle wept.",
             "“Go on,” said the Gryphon to the Turtle; and the Turtle wept."),
            same=(("the Mock Turtle", "the Turtle"),),
        ),
        Case(
            "Dostoevsky",
            ("The General went to the Casino, and Polina followed him to the Casino.",
             "At the Casino Polina played, and the Casino was full."),
            same=(("the Casino",),),
            absent=("Casino",),
        ),
        Case(
            "Austen",
            ("Mr. Elliot came; and Mr. Elliot bowed. It was the Elliot pride: an Elliot never "
             "stoops.",
             "Mr. Elliot smiled at the Elliot pride."),
            same=(("Mr. Elliot",),),
            absent=("Elliot",),
        ),
        Case(
            "Dostoevsky",
            ("Mr. Marmeladov drank, and Mr. Marmeladov wept: a Marmeladov still, the Marmeladov "
             "pride.",
             "Then Mr. Marmeladov fell, and the Marmeladov name was shamed."),
            same=(("Mr. Marmeladov",),),
            absent=("Marmeladov",),
        ),
        Case(
            "Austen",
            ("“We dined at the George,” said Lydia, “and the George was full.” George Wickham "
             "bowed.",
             "George Wickham came in."),
            same=(("George Wickham",),),
            absent=("George",),
        ),
        Case(
            "Dostoevsky",
            ("He wore the Anna in his buttonhole; Anna Ivanovna laughed at the Anna.",
             "Anna Ivanovna went out."),
            same=(("Anna Ivanovna",),),
            absent=("Anna",),
        ),
    ),
)  # fmt: skip

A_ROLE_OF_THE_STORY = Rule(
    "a-role-of-the-story",
    "mining",
    "whether someone the book names only by a role is an entry",
    "A noun of an occupation or an office ('the croupier', 'the waiter', 'the concierge') that "
    "the text makes a speaker ('“Zero!” said the croupier', 'the chambermaid answered that…'), "
    "or calls 'the' one twice, at least as often as 'a' one, and speaks of several of fewer than "
    "three times ('the waiter brought the letter'; not 'the porter' beside 'the porters' and "
    "'the other porter'), is the entry of a person of its own, every 'the croupier' of the book "
    "a mention of it, a person from the start; it joins no named person ('the vicar' stays apart "
    "from Mr. Bunting), and the waiters of one book are one entry, as a reader's list keeps them "
    "— until the text brings the role in again as someone new ('a policeman ran down the "
    "steps') ten passages or more after its last 'the policeman': from there on, 'the "
    "policeman' is another man, no mention of the entry, and no name the model may give it "
    "there. Not a rank, which is a title too "
    "('the Captain'), nor a word for anyone ('said the stranger'), as likely a major character "
    "as not.",
    (
        Case(
            "Dostoevsky",
            ("“Rouge!” said the croupier; and the croupier raked in Polina’s money.",
             "Then Polina staked again, and the croupier spun the wheel. “Zero!” cried the "
             "croupier."),
            same=(("the croupier",),),
            kinds=(("the croupier", "person"),),
        ),
        Case(
            "Wells",
            ("“What’s that?” the barman said; and Hall looked at the barman.",
             "Then the barman went out with Hall, and the barman shut the door."),
            same=(("the barman",),),
            kinds=(("the barman", "person"),),
            apart=(("the barman", "Hall"),),
        ),
        Case(
            "Austen",
            ("Lydia rang, and the chambermaid answered that the chaise was come.",
             "Then Lydia paid the chambermaid; and the chambermaid went out."),
            same=(("the chambermaid",),),
        ),
        Case(
            "Austen",
            ("“Who is he?” said the stranger; and the stranger bowed to Elizabeth.",
             "“The Captain,” said the stranger, “is come.” And Elizabeth smiled."),
            absent=("the stranger",),
        ),
        Case(
            "Austen",
            ("Elizabeth sat at the inn, and the waiter brought Jane’s letter.",
             "When the waiter had gone, Elizabeth read it; a maid was heard outside."),
            same=(("the waiter",),),
            kinds=(("the waiter", "person"),),
        ),
        Case(
            "Dostoevsky",
            ("He passed the porter’s room; the porter was out, and the other porter slept.",
             "Later the porters stood at the gate, and the porter swore at Raskolnikov.",
             "Both the porters went up the stairs."),
            absent=("the porter",),
        ),
        Case(
            "Wells",
            ("Hall went out to the postman; and the postman gave Hall a letter.",
             "A servant ran past; the servant went in, and a servant came out."),
            same=(("the postman",),),
            absent=("the servant",),
        ),
        Case(
            "Carroll",
            ("“Off with his head!” cried the Queen; and the executioner was sent for.",
             "The executioner’s argument was, that you couldn’t cut off a head unless there was "
             "a body; and the executioner went off like an arrow."),
            same=(("the executioner",),),
            kinds=(("the executioner", "person"),),
        ),
        Case(
            "Dostoevsky",
            ("“It’s a difficult job,” the policeman said to Raskolnikov, and the policeman bent "
             "over the girl.",
             "Raskolnikov gave the policeman twenty copecks; and the policeman led her away.",
             *("Raskolnikov walked on along the canal.",) * 9,
             "But a policeman ran down the steps to the canal, and the policeman shouted.",
             "The policeman helped to carry Marmeladov in."),
            passages=(("the policeman", (0, 1)),),
        ),
        Case(
            "Doyle",
            ("“Move on there,” said the constable to Holmes; and the constable walked on.",
             "Holmes watched the constable go round the corner of the square.",
             *("Holmes and I sat long over our pipes in Baker Street.",) * 9,
             "A constable came up the street at last, and the constable saluted Lestrade."),
            passages=(("the constable", (0, 1)),),
        ),
    ),
)  # fmt: skip

A_TITLE_ALONE = Rule(
    "a-title-alone",
    "mining",
    "whether a title used alone is a name",
    "A title or a kinship word the book capitalises like a name and uses alone is a name of its "
    "own ('the General', 'the Queen', 'Grandmother'), with its article.",
    (
        Case(
            "Dostoevsky",
            ("“Well?” said the General; and the General looked at Polina.",
             "Then the General went out, and Polina followed the General."),
            same=(("the General",),),
        ),
        Case(
            "Carroll",
            ("“Off with her head!” said the Queen; and the Queen looked at Alice.",
             "Alice curtseyed to the Queen."),
            same=(("the Queen",),),
        ),
    ),
)  # fmt: skip

KINSHIP_TITLE = Rule(
    "a-kinship-title",
    "mining",
    "what a kinship word before a surname makes of it",
    "A kinship word before a bare surname gives it a gender and a title ('my aunt Philips' is "
    "'Aunt Philips', the woman addressed 'Mrs. Philips'); before a given name it says nothing "
    "of who it is ('cousin Elizabeth').",
    (
        Case(
            "Austen",
            ("“My aunt Philips is coming,” said Lydia; and my aunt Philips came.",
             "Mrs. Philips laughed with Lydia."),
            same=(("Aunt Philips", "Mrs. Philips"),),
        ),
        Case(
            "Wilde",
            ("“My uncle Fermor has spoken,” said Lord Henry; and my uncle Fermor slept.",
             "Lord Henry smiled."),
            same=(("Uncle Fermor",),),
        ),
    ),
)  # fmt: skip

EPITHET = Rule(
    "an-epithet",
    "mining",
    "whether 'the' and a capitalised word after a given name belong to it",
    "A full given name followed by 'the' and a capitalised word is one name with its epithet "
    "('William the Conqueror', 'Ivan the Terrible'), no other William or Ivan.",
    (
        Case(
            "Carroll",
            ("“The cause of William the Conqueror was favoured by the pope,” said the Mouse.",
             "So won William the Conqueror, said the Mouse to Alice."),
            same=(("William the Conqueror",),),
        ),
        Case(
            "Dostoevsky",
            ("“Think of Ivan the Terrible,” said the General; and of Ivan the Terrible he spoke.",
             "So said the General to Polina."),
            same=(("Ivan the Terrible",),),
        ),
    ),
)  # fmt: skip

STREET_NAME = Rule(
    "a-street",
    "mining",
    "whether a street word after a name belongs to it",
    "A name followed by a street word is a street ('Baker Street', 'Laura Place', 'Waterloo "
    "Bridge'), which neither Mr. Baker nor a Laura lives in.",
    (
        Case(
            "Doyle",
            ("Holmes lived in Baker Street; Mr. Baker was no one to him. Baker Street was quiet.",
             "The street was wet, the street was dark; and in the street Mr. Baker called."),
            apart=(("Baker Street", "Mr. Baker"),),
            kinds=(("Baker Street", "place"),),
        ),
        Case(
            "Austen",
            ("Lady Dalrymple took a house in Laura Place; and Laura Place was grand.",
             "Laura laughed; the place was fine, a place to live, and Laura liked the place."),
            apart=(("Laura Place", "Laura"),),
            kinds=(("Laura Place", "place"),),
        ),
    ),
)  # fmt: skip

MONTH_BEFORE_A_NAME = Rule(
    "a-month-before-a-name",
    "mining",
    "whether a month's name after an article begins a name",
    "After 'the', 'a' or 'an', a month's name before a name is no date but part of the name "
    "('the March Hare', 'the May Blossom').",
    (
        Case(
            "Carroll",
            ("“Have some wine,” the March Hare said; and the March Hare smiled at Alice.",
             "Alice looked at the March Hare; he was not so mad as in March."),
            same=(("March Hare",),),
        ),
        Case(
            "Wilde",
            ("Lord Henry called her the May Blossom; and the May Blossom was Sibyl.",
             "Dorian loved the May Blossom."),
            same=(("May Blossom",),),
        ),
    ),
)  # fmt: skip

SAINT_IN_A_NAME = Rule(
    "a-saint-in-a-name",
    "mining",
    "whether 'St.' after a title or a name belongs to it",
    "Inside a name, 'St.' begins a surname ('Lord St. Simon', 'Mr. Neville St. Clair', 'Lord St. "
    "Ives'): one person, not a lord and a saint.",
    (
        Case(
            "Doyle",
            ("“Lord St. Simon has come,” said Holmes; and Lord St. Simon bowed.",
             "Holmes looked at Lord St. Simon."),
            same=(("Lord St. Simon",),),
        ),
        Case(
            "Austen",
            ("“I was to give place to Lord St. Ives,” said Sir Walter; Lord St. Ives was proud.",
             "Sir Walter despised Lord St. Ives."),
            same=(("Lord St. Ives",),),
        ),
    ),
)  # fmt: skip
