"""The identity rules: which names are one person, read in order with no model answer, each
join stamped at the chunk where the text licenses it and checked against the cannot-link
rule."""

from __future__ import annotations

from saadi_desktop.state.rulebook.core import Case, Rule

CANNOT_LINK = Rule(
    "cannot-link",
    "identity",
    "which names can never be one person",
    "Two names are two people when a title or a gendered ending makes them of different "
    "genders, they share a surname after different given names ('Jane Bennet', 'Elizabeth "
    "Bennet'), one is 'Miss' and the other 'Mrs.' of one surname, or they are different given "
    "names; every join below is checked against this.",
    (
        Case(
            "Austen",
            ("Jane Bennet (Elizabeth Bennet, her sister, was out) smiled; and Jane Bennet sat.",
             "Elizabeth Bennet laughed; and Elizabeth Bennet ran."),
            apart=(("Jane Bennet", "Elizabeth Bennet"),),
        ),
        Case(
            "Dostoevsky",
            ("Rodion Raskolnikov (Pulcheria Raskolnikov, his mother, wept) came; and Rodion "
             "Raskolnikov sat.",
             "Pulcheria Raskolnikov wept; and Pulcheria Raskolnikov prayed."),
            apart=(("Rodion Raskolnikov", "Pulcheria Raskolnikov"),),
        ),
    ),
)  # fmt: skip

NICKNAME = Rule(
    "a-nickname",
    "identity",
    "which record a name alone joins by its familiar form",
    "A given name alone, or after a title a book drops, joins the one record whose given name "
    "the English table relates to it ('Lizzy' of Elizabeth, 'Harry' of Lord Henry), when the "
    "diminutive is one of at most three names; 'Lee' (seven) identifies no one. A given name, "
    "alone or in full, joins a diminutive met alone before it when the diminutive has no other "
    "sense ('James Harthouse' of his brother's 'Jem'), not one known by another surname ('Jane "
    "Merry' is not 'Janey' Archer). A one-word name "
    "that is another's with a familiar ending ('Kitty' of 'Kit', 'Skaggsy' of 'Skaggs', "
    "'Georgie' of 'George') is that person too, given name or surname, whatever the table knows,"
    " when one record fits, no title or gender keeps them apart and the book writes each in two "
    "passages at least: a 'Ted' called once in a crowd is no Teddy Henfrey. A diminutive the "
    "table gives many people, or that a Russian novel gives several ('Katia' is a tavern girl, "
    "not Katerina Ivanovna), joins its full name when the text shows them one: in two passages "
    "a speech calls the one and the next paragraph answers under the other ('“…, Dounia?”' — "
    "'“Of course, mother,” said Avdotya Romanovna').",
    (
        Case(
            "Austen",
            ("Elizabeth Bennet laughed; and Elizabeth Bennet walked.",
             "“Come,” said Jane to Lizzy; and Lizzy smiled."),
            same=(("Elizabeth Bennet", "Lizzy"),),
        ),
        Case(
            "Wilde",
            ("Lord Henry Wotton smiled; and Lord Henry Wotton spoke.",
             "“Harry,” said Basil, “you are wicked.” And Harry laughed."),
            same=(("Lord Henry Wotton", "Harry"),),
        ),
        Case(
            "Austen",
            ("Then came Lizzy; and Lizzy laughed with Jane.",
             "At noon Lizzy said she would walk; and Lizzy walked.",
             "Then Elizabeth Bennet came home; and Elizabeth Bennet smiled at Jane."),
            same=(("Lizzy", "Elizabeth Bennet"),),
        ),
        Case(
            "Doyle",
            ("Then came Jem; and Jem went to sea.",
             "At noon Jem said he was tired; and Jem slept.",
             "Then came James Browner; and James Browner wept."),
            same=(("Jem", "James Browner"),),
        ),
        Case(
            "James",
            ("Then came Janey Archer; and Janey Archer laughed. Then Janey said she was glad; and "
             "Janey sang.",
             "Then Jane Merry came in; and Jane Merry sat down by Janey."),
            apart=(("Janey Archer", "Jane Merry"),),
        ),
        Case(
            "Dunbar",
            ("His son and daughter, Joe and Kit, sat in the yard; and Kit sang.",
             "Kitty helped her mother; and Kitty sang. Kit laughed.",
             "Then Kitty went out; and Kitty danced."),
            same=(("Kit", "Kitty"),),
        ),
        Case(
            "Doyle",
            ("Then came Wiggins; and Wiggins saluted Holmes.",
             "“Good boy, Wigginsy,” said Holmes; and Wigginsy grinned. Wiggins ran.",
             "Then Wigginsy came back; and Wigginsy said nothing."),
            same=(("Wiggins", "Wigginsy"),),
        ),
        Case(
            "Wells",
            ("Then came Teddy Henfrey; and Teddy Henfrey mended the clock. Teddy laughed.",
             "Then Teddy went out; and Teddy swore.",
             "“Looky there, Ted,” quoth the younger of the men."),
            apart=(("Teddy Henfrey", "Ted"),),
        ),
        Case(  # called by one name, answering under the other, in two passages
            "Dostoevsky",
            ("Avdotya Romanovna came in; and Avdotya Romanovna sat down. Then Dounia smiled; and "
             "Dounia went out.",
             "Her mother began. “I will be open with him, Dounia?”\n\n“Of course, mother,” said "
             "Avdotya Romanovna.",
             "“Where are you going, Avdotya Romanovna?”\n\n“I want to see Sonia,” Dounia "
             "answered faintly."),
            same=(("Avdotya Romanovna", "Dounia"),),
        ),
        Case(
            "Dostoevsky",
            ("Avdotya Romanovna came in; and Avdotya Romanovna sat down. Then Dounia smiled; and "
             "Dounia went out.",
             "Her mother began. “I will be open with him, Dounia?”\n\n“Of course, mother,” said "
             "Avdotya Romanovna.",
             "Dounia smiled; and Dounia went out."),
            apart=(("Avdotya Romanovna", "Dounia"),),
        ),
        Case(
            "Dostoevsky",
            ("Katerina Ivanovna came in; and Katerina Ivanovna coughed. Then Katia sang; and Katia "
             "danced.",
             "“Katia, bring wine!” he cried.\n\n“At once,” Katerina Ivanovna said, and went out.",
             "“Katia, more wine!” he cried.\n\n“At once,” the girl said, and went out."),
            apart=(("Katerina Ivanovna", "Katia"),),
        ),
        Case(
            "Dickens",
            ("Cecilia Jupe stood up; and Cecilia curtseyed. Then Sissy wept; and Sissy ran out.",
             "“Sissy, come here,” said Louisa.\n\n“Yes, miss,” said Cecilia, blushing.",
             "Mr. Gradgrind said, “Are you well, Sissy?”\n\n“Quite well, sir,” replied Cecilia."),
            same=(("Cecilia Jupe", "Sissy"),),
        ),
    ),
)  # fmt: skip

ONE_BEARER = Rule(
    "a-surname-and-its-one-bearer",
    "identity",
    "which record a surname alone joins",
    "A surname alone or after 'Mr.' (a boy's 'Master') is the one man the whole book names in full"
    " by it with no other title ('Mr. Gray' is Dorian Gray; 'Raskolnikov' is Rodion Romanovitch "
    "Raskolnikov, whose mother is named by her patronymic; 'Monsieur Poirot' and 'Mr. Poirot' are "
    "Hercule Poirot); a second man named in full by it, or a woman of it met before both, holds it"
    " back (a father 'Mr. Musgrove' beside his son 'Charles Musgrove' and their 'Mrs. Musgrove'), "
    "a wife met later does not ('Mrs. Wickham'). A man the text has already titled otherwise is "
    "never 'Mr. X' nor holds it back, and the women of the name met with or after him are his "
    "family ('Mr. Elliot' is William Walter Elliot beside 'Sir Walter Elliot', his wife and "
    "daughters). A surname alone and untitled is also the one titled bearer of it ('Hill' is Mrs. "
    "Hill), unless the pronouns say otherwise; 'Mrs.' and a surname is the one woman the book "
    "names in full by it, when she is never 'Miss' of the name ('Mrs. Pontellier' is Edna "
    "Pontellier; not the 'Sibyl Vane' of 'Miss Sibyl Vane' beside her mother), a daughter named "
    "'Miss' of it aside ('Mrs. Hamilton' is Fannie Hamilton beside 'Miss Kitty Hamilton') and the"
    " man found to be 'Mr.' of it being her husband ('Mrs. Wickham' is Lydia Wickham beside "
    "George). The join is made where both names, and whatever allowed it, have been read.",
    (
        Case(
            "Wilde",
            ("Lord Henry watched Dorian Gray; and Dorian Gray smiled.",
             "“Mr. Gray,” said the painter; and Mr. Gray bowed."),
            same=(("Dorian Gray", "Mr. Gray"),),
        ),
        Case(
            "Doyle",
            ("Holmes met young Arthur Pinner; and Arthur Pinner bowed to Holmes.",
             "“Master Pinner!” cried the clerk; and Master Pinner ran down the stairs."),
            same=(("Arthur Pinner", "Master Pinner"),),
        ),
        Case(
            "Austen",
            ("“I must speak to Hill,” said Mrs. Bennet; and Hill came.",
             "Mrs. Hill curtsied; and Mrs. Hill was pleased."),
            same=(("Hill", "Mrs. Hill"),),
        ),
        Case(
            "Austen",
            ("“Mr. Wickham is charming,” said Lydia; and Mr. Wickham bowed.",
             "Elizabeth read of George Wickham; and George Wickham was no better.",
             "Lydia wrote as Mrs. Wickham, and Mrs. Wickham laughed."),
            same=(("Mr. Wickham", "George Wickham"),),
            apart=(("Mr. Wickham", "Mrs. Wickham"),),
        ),
        Case(
            "Austen",
            ("Mr. Musgrove shot; and Mr. Musgrove rode.",
             "Anne saw Charles Musgrove; and Charles Musgrove came with Mrs. Musgrove."),
            apart=(("Mr. Musgrove", "Charles Musgrove"),),
        ),
        Case(
            "Dostoevsky",
            ("Dounia feared for Raskolnikov; and Raskolnikov walked.",
             "Then wrote Rodion Romanovitch Raskolnikov to Pulcheria Alexandrovna Raskolnikov; "
             "and Pulcheria Alexandrovna Raskolnikov wept for Rodion Romanovitch Raskolnikov."),
            same=(("Raskolnikov", "Rodion Romanovitch Raskolnikov"),),
            apart=(("Raskolnikov", "Pulcheria Alexandrovna Raskolnikov"),),
        ),
        Case(
            "Austen",
            ("Sir Walter Elliot read the Baronetage; and Lady Elliot and Miss Anne Elliot sighed.",
             "The heir was William Walter Elliot; and William Walter Elliot was away.",
             "“Mr. Elliot is in Bath,” said Anne; and Mr. Elliot bowed to Sir Walter Elliot.",
             "Mrs. Clay said he would be Sir William one day; and Sir William he would be."),
            same=(("Mr. Elliot", "William Walter Elliot"),),
            apart=(("Mr. Elliot", "Sir Walter Elliot"),),
        ),
        Case(
            "Doyle",
            ("Sir George Burnwell rode to town; and Lady Burnwell and Miss Mary Burnwell wept.",
             "His nephew was Arthur Burnwell; and Arthur Burnwell owed money.",
             "“Mr. Burnwell!” said Holmes; and Mr. Burnwell turned from Sir George Burnwell."),
            same=(("Mr. Burnwell", "Arthur Burnwell"),),
            apart=(("Mr. Burnwell", "Sir George Burnwell"),),
        ),
        Case(
            "Chopin",
            ("Then said Mrs. Pontellier, “Yes,” and Mrs. Pontellier smiled; Mr. Pontellier read.",
             "Then Edna Pontellier walked to the beach; and Edna Pontellier swam, and she laughed.",
             "At noon Edna said she was happy; and Edna said she would stay."),
            same=(("Mrs. Pontellier", "Edna Pontellier"),),
            apart=(("Mrs. Pontellier", "Mr. Pontellier"),),
        ),
        Case(
            "Austen",
            ("Then said Mrs. Weston, “Yes,” and Mrs. Weston smiled at Emma.",
             "Then Anne Weston wrote to Emma; and Anne Weston said she was happy.",
             "At noon Anne said she was tired; and Anne said she would rest."),
            same=(("Mrs. Weston", "Anne Weston"),),
        ),
        Case(
            "Austen",
            ("“Mr. Wickham is charming,” said Lydia; and Mr. Wickham bowed to Lydia.",
             "Elizabeth read of George Wickham; and George Wickham was no better.",
             "Then Lydia Wickham wrote, and Lydia Wickham said she was happy; she laughed.",
             "At noon Lydia said she was tired; and Lydia said she would dance.",
             "Mrs. Wickham came home; and Mrs. Wickham laughed at her sisters."),
            same=(("Mrs. Wickham", "Lydia Wickham"), ("Mr. Wickham", "George Wickham")),
            apart=(("Mrs. Wickham", "Mr. Wickham"),),
        ),
        Case(
            "Wilde",
            ("Then said Mrs. Vane, “Yes,” and Mrs. Vane wept.",
             "Then acted Sibyl Vane; and Miss Sibyl Vane bowed, and she smiled.",
             "At night Sibyl said she was happy; and Sibyl said she loved him."),
            apart=(("Mrs. Vane", "Sibyl Vane"),),
        ),
        Case(
            "Christie",
            ("“Monsieur Poirot,” said John; and Monsieur Poirot bowed to John.",
             "Then came Mr. Poirot; and Mr. Poirot smiled at Mary.",
             "“I am Hercule Poirot,” said he; and Hercule Poirot sat down, and he smiled."),
            same=(("Monsieur Poirot", "Mr. Poirot", "Hercule Poirot"),),
        ),
        Case(
            "Dostoevsky",
            ("“Monsieur Astley,” said the General; and Monsieur Astley bowed to Polina.",
             "Then came Mr. Astley; and Mr. Astley blushed at Polina.",
             "Upon the card was written Henry Astley; and Henry Astley, he said, was his name."),
            same=(("Monsieur Astley", "Mr. Astley", "Henry Astley"),),
        ),
        Case(
            "Dunbar",
            ("Then said Mrs. Hamilton, “Yes,” and Mrs. Hamilton smiled; Mr. Hamilton read.",
             "Then Fannie Hamilton cooked; and Fannie Hamilton said she was happy. Fannie Hamilton "
             "said she was tired, and Fannie Hamilton thought she would rest.",
             "Then Miss Kitty Hamilton danced; and Miss Kitty Hamilton sang, and she was gay."),
            same=(("Mrs. Hamilton", "Fannie Hamilton"),),
            apart=(("Mrs. Hamilton", "Miss Kitty Hamilton"),),
        ),
        Case(
            "Austen",
            ("Then said Mrs. Price, “Yes,” and Mrs. Price sighed; Mr. Price swore.",
             "Then Frances Price wrote to her sister; and Frances Price said she was poor. Frances "
             "Price said she was tired, and Frances Price thought she would rest.",
             "Then Miss Susan Price came; and Miss Susan Price said she would help."),
            same=(("Mrs. Price", "Frances Price"),),
            apart=(("Mrs. Price", "Miss Susan Price"),),
        ),
    ),
)  # fmt: skip

ELDEST_DAUGHTER = Rule(
    "miss-and-the-eldest-daughter",
    "identity",
    "which record 'Miss' and a surname joins",
    "'Miss' and a surname is the eldest unmarried daughter of the name: the one the book names in "
    "full, when it never speaks of several ('the Miss Musgroves'; 'Miss Bingley' is Caroline "
    "Bingley; a name of no known gender written in one passage is no second daughter: 'the fate of"
    " Arthur Morstan'; nor one the pronouns show a man: 'Berry Hamilton … his house'; nor a "
    "second name the text gives one 'her': 'Her name is Daisy Miller … her real name is Annie P. "
    "Miller'); among "
    "several, the one it never calls 'Miss' and her given name as it calls every younger sister "
    "('Miss Bennet' is Jane beside 'Miss Elizabeth' and 'Miss Lydia'), when the pronouns show "
    "her a woman.",
    (
        Case(
            "Austen",
            ("Miss Bingley laughed; and Miss Bingley walked with Darcy.",
             "Caroline Bingley smiled; and Caroline Bingley spoke."),
            same=(("Miss Bingley", "Caroline Bingley"),),
        ),
        Case(
            "Doyle",
            ("Miss Stoner came; and Miss Stoner wept.",
             "Helen Stoner told Holmes; and Helen Stoner was pale."),
            same=(("Miss Stoner", "Helen Stoner"),),
        ),
        Case(
            "Austen",
            ("Miss Bennet smiled; and Miss Bennet sat. Jane Bennet laughed; Jane Bennet said "
             "she would.",
             "Miss Elizabeth Bennet walked; Miss Elizabeth Bennet ran. Miss Lydia Bennet danced; "
             "Miss Lydia Bennet sang.",
             "Jane said she was tired; and Jane said she would rest."),
            same=(("Miss Bennet", "Jane Bennet"),),
        ),
        Case(
            "Doyle",
            ("Miss Rucastle smiled; and Miss Rucastle sat. Alice Rucastle wept; Alice Rucastle "
             "said she would go.",
             "Miss Edith Rucastle ran; and Miss Edith Rucastle laughed.",
             "Alice said she was tired; and Alice said she would rest."),
            same=(("Miss Rucastle", "Alice Rucastle"),),
        ),
        Case(
            "Doyle",
            ("Miss Morstan entered; and Miss Morstan sat down by Holmes.",
             "Her name was Mary Morstan; and Mary Morstan, she said, was alone in the world.",
             "Holmes alone knew the fate of Arthur Morstan. Then Mary Morstan wept, and she left."),
            same=(("Miss Morstan", "Mary Morstan"),),
        ),
        Case(
            "Dunbar",
            ("Then came Berry Hamilton; and Berry Hamilton was proud of his house.",
             "Berry Hamilton said he was tired, and Berry Hamilton said he would rest; Berry "
             "Hamilton thought he was happy.",
             "“A great piece of work, Miss Hamilton,” said the fellow; and Miss Hamilton laughed."),
            apart=(("Berry Hamilton", "Miss Hamilton"),),
        ),
        Case(  # one 'her' named twice is one daughter, not two
            "James",
            ("“Her name is Daisy Miller,” said the boy. “But her real name is Annie P. Miller.”",
             "Miss Miller smiled; and Miss Miller walked on.",
             "“Annie Miller!” wrote her mother; and Daisy Miller laughed."),
            same=(("Miss Miller", "Daisy Miller", "Annie P. Miller"),),
        ),
        Case(
            "Doyle",
            ("“On the stage her name was Lily Hunter, but her real name was Ada Hunter.”",
             "Miss Hunter came in; and Miss Hunter sat down.",
             "Ada Hunter wept; and Lily Hunter was gone."),
            same=(("Miss Hunter", "Lily Hunter", "Ada Hunter"),),
        ),
    ),
)  # fmt: skip

FAMILIAR_FULL_NAME = Rule(
    "a-familiar-full-name",
    "identity",
    "whether a full name by a familiar given name joins the formal one",
    "A full name whose given name is the familiar form of another's, by the nickname tables, "
    "with the same surname, is that person ('Charley Tolland' and 'Charles Tolland'; 'Sonia "
    "Marmeladov' and 'Sofya Semyonovna Marmeladov') when neither is titled — a father is 'Mr. "
    "Thomas Bertram', his son 'Tom Bertram' — and one record fits, however many names the "
    "familiar form may shorten: beside one surname, 'Frank' is Francis ('Frank Oakley'). A "
    "familiar ending and a soft 'c' are spelled as the book spells them ('Sissy Jupe' and "
    "'Cecilia Jupe'; the table writes 'Cissy').",
    (
        Case(
            "Austen",
            ("“Come in,” said Fanny Price; and Fanny Price went in.",
             "Later said Frances Price, “Yes,” and Frances Price left."),
            same=(("Fanny Price", "Frances Price"),),
        ),
        Case(
            "Doyle",
            ("“I am ready,” said Jim Browner; and Jim Browner sailed.",
             "Then said James Browner, “I did it,” and James Browner wept."),
            same=(("Jim Browner", "James Browner"),),
        ),
        Case(
            "Austen",
            ("“Come in,” said Tom Bertram; and Tom Bertram went in.",
             "Later said Mr. Thomas Bertram, “Yes,” and Mr. Thomas Bertram left."),
            apart=(("Tom Bertram", "Mr. Thomas Bertram"),),
        ),
        Case(
            "Dunbar",
            ("“Come in,” said Francis Oakley; and Francis Oakley painted.",
             "Later said Frank Oakley, “Yes,” and Frank Oakley left for Paris."),
            same=(("Francis Oakley", "Frank Oakley"),),
        ),
        Case(
            "Doyle",
            ("“I am ready,” said Francis Moulton; and Francis Moulton sailed.",
             "Then said Frank Moulton, “I came back,” and Frank Moulton smiled."),
            same=(("Francis Moulton", "Frank Moulton"),),
        ),
        Case(  # a soft 'c' written 's', of a girl the text has not yet shown a person
            "Dickens",
            ("Among them Sissy Jupe, blushing; and Sissy Jupe stood up.",
             "The gentleman looked at Cecilia Jupe; and Cecilia Jupe curtseyed."),
            same=(("Sissy Jupe", "Cecilia Jupe"),),
        ),
        Case(
            "James",
            ("The pew held Sissie Hale; and Sissie Hale looked down.",
             "“Priscilla Hale!” cried her mother; and Priscilla Hale came."),
            same=(("Sissie Hale", "Priscilla Hale"),),
        ),
    ),
)  # fmt: skip

SAID_TO_BE = Rule(
    "said-to-be-one",
    "identity",
    "whether two names the passage joins in so many words are one person",
    "Two names the passage says are one person's — 'X, now Y', 'X, née Y', 'X, called Y', 'X, "
    "known as Y', 'X (Y)', or 'her name is X' and 'her real name is Y' a few lines apart — are "
    "one entry ('Miss Hamilton, now Mrs. Smith'; 'Irene Norton, née Adler'; Daisy Miller is "
    "Annie P. Miller), unless the cannot-link rule forbids it; the table's guess that both are "
    "given names, or that two given names of one surname are sisters, gives way to the text.",
    (
        Case(
            "Austen",
            ("Miss Hamilton, now Mrs. Smith, was poor. Mrs. Smith smiled at Miss Hamilton’s "
             "name.",),
            same=(("Miss Hamilton", "Mrs. Smith"),),
        ),
        Case(
            "Doyle",
            ("“Very truly yours, Irene Norton, née Adler.” So wrote Irene Norton; and Adler "
             "laughed.",),
            same=(("Irene Norton", "Adler"),),
        ),
        Case(
            "James",
            ("“Her name is Daisy Miller!” cried the child. “But that isn’t her real name.” "
             "“Her real name is Annie P. Miller,” the boy went on; and Daisy Miller laughed.",
             "Winterbourne thought of Daisy Miller; and of Annie P. Miller."),
            same=(("Daisy Miller", "Annie P. Miller"),),
        ),
        Case(
            "Doyle",
            ("“His name is Jabez Wilson,” said Holmes; and Jabez Wilson bowed. “Her name was "
             "Mary Sutherland,” said Holmes; and Mary Sutherland wept.",
             "“His name is John Openshaw,” said Watson; and John Openshaw sat down."),
            same=(("Jabez Wilson",), ("John Openshaw",)),
            apart=(("Jabez Wilson", "Mary Sutherland"), ("Jabez Wilson", "John Openshaw")),
        ),
    ),
)  # fmt: skip
