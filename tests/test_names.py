"""The names pass on hand-made sentences: what is a name, what is a people, what is a role."""

from __future__ import annotations

import pytest

from saadi_desktop.state.names import (
    NamesPass,
    bound_words,
    is_street,
    mentions_in,
    name_words,
    surname_words,
    titled_words,
    unread_names,
)


def clusters_of(texts: list[str]) -> NamesPass:
    words, titled, bound = name_words(texts), titled_words(texts), bound_words(texts)
    surnames = surname_words(texts)
    names = NamesPass()
    for seq, text in enumerate(texts):
        names.read(seq, names.split(mentions_in(text, words, titled, bound, surnames)), text)
    return names


def people(texts: list[str]) -> list[set[str]]:
    return [set(c.variants) for c in clusters_of(texts).clusters]


def test_russians_and_poles_are_demonyms() -> None:
    texts = [
        "He said the Russians gamble. The Poles met Potapitch, and a Pole told Potapitch so.",
        "Later the Russians and the Poles left; Potapitch stayed with a Russian friend.",
    ]
    words = name_words(texts)
    assert {"Russians", "Poles", "Pole"}.isdisjoint(words)
    assert "Potapitch" in words


def test_a_frenchman_and_an_englishwoman_are_demonyms() -> None:
    texts = [
        "There came a Frenchman, then the Frenchman again, and an Englishwoman, the Englishwoman."
    ]
    assert {"Frenchman", "Englishwoman"}.isdisjoint(name_words(texts))


def test_a_style_of_address_is_no_name_but_a_name_after_her_still_is() -> None:
    texts = [
        "“Your Majesty will excuse me,” said Holmes. “I fear, your Majesty, that Irene is gone.”",
        "The King bowed to Holmes; his Majesty smiled at Irene, and his Lordship said nothing.",
        "It was her Irene who sang at Irene's concert, and his Lordship left.",
    ]
    words = name_words(texts)
    assert {"Majesty", "Lordship"}.isdisjoint(words)
    assert {"Holmes", "Irene"} <= words  # once after 'her' of five: a name


def test_a_demonym_suffix_needs_the_book_to_use_it_as_a_common_noun() -> None:
    # 'an Italian' and 'the Italians' make 'Italian' a people; 'Adrian' is only ever a man.
    texts = [
        "He met an Italian and then the Italians. Then Mr. Adrian came, and Adrian sat down.",
        "The Italian said so; Adrian smiled at Adrian Singleton, and Italian was spoken.",
    ]
    words = name_words(texts)
    assert "Italian" not in words and "Italians" not in words
    assert "Adrian" in words


@pytest.mark.parametrize(
    ("texts", "peoples", "names"),
    [
        (  # The Gambler: 'that tall, wizened Prussian there' (never 'a Prussian'), beside
            # 'Prussia'; 'Marian' is a given name, whatever 'Maria' is
            [
                "We crossed to Prussia, and in Prussia I lost. That wizened Prussian there is her "
                "husband.",
                "Then Maria wrote to Marian, and Marian answered Maria; the Prussian Junkers "
                "laughed.",
            ],
            {"Prussian"},
            {"Prussia", "Maria", "Marian"},
        ),
        (  # The Gambler: 'after the fashion of the Berliners'; 'Mr. Gardiner' is no people of
            # 'Gardin'
            [
                "In Berlin I heard the Berliners say it; in Berlin the Berliners say it still.",
                "Then Mr. Gardiner wrote, and Mr. Gardiner came with Walter; Walter stayed.",
            ],
            {"Berliners"},
            {"Berlin", "Gardiner", "Walter"},
        ),
        (["The British fleet sailed, and the British won."], {"British"}, set()),
    ],
)
def test_a_demonym_of_a_place_in_the_book_is_no_name(
    texts: list[str], peoples: set[str], names: set[str]
) -> None:
    words = name_words(texts)
    assert not peoples & words
    assert names <= words


def test_the_first_part_of_a_hyphened_word_is_no_name() -> None:
    # Alice: 'a Caucus-race', 'Soo-oop'; Pride and Prejudice: 'Gracechurch-street' is a street
    texts = [
        "The best thing would be a Caucus-race, said the Dodo; the Caucus-race began, and the",
        "Dodo sang Soo-oop of the e-e-evening, and the Dodo sang Soo-oop again, Soo-oop, and",
        "the Caucus ended. Then the Dodo went to Gracechurch-street, and from Gracechurch-street",
        "home to Longbourn, and from Longbourn back to Gracechurch.",
    ]
    words = name_words(texts)
    assert not {"Caucus", "Soo"} & words
    assert {"Dodo", "Gracechurch", "Longbourn"} <= words


def test_the_general_is_a_person() -> None:
    texts = [
        "Then the General said nothing. I went to the General at once.",
        "The General was angry, and the General left with Polina.",
    ]
    names = clusters_of(texts)
    general = names.cluster_of("the General")
    assert general.gender == "m"
    assert sum(general.mentions.values()) == 4


@pytest.mark.parametrize(
    ("title", "gender"), [("Monsignor", "m"), ("Empress", "f"), ("Tsar", "m"), ("Emperor", "m")]
)
def test_a_churchman_or_a_sovereign_named_by_title_alone_is_a_person(
    title: str, gender: str
) -> None:
    # The Gambler: 'told them how I threatened to spit into Monsignor's coffee'; 'the old
    # Empress did upon her servant'
    texts = [
        f"I went to the house of the {title}; since {title} was receiving callers, I waited.",
        f"Later the {title} came in, and the {title} said nothing to me.",
    ]
    person = clusters_of(texts).cluster_of(title)
    assert person.gender == gender


def test_grandmother_used_as_a_name_is_a_woman_and_grandmamma_is_her() -> None:
    texts = [
        "At once Grandmother said that Polina must stay. We took Grandmother home.",
        "Then Grandmother laughed, and Grandmamma called for Potapitch, so Grandmamma won.",
    ]
    names = clusters_of(texts)
    grandmother = names.cluster_of("Grandmother")
    assert grandmother is names.cluster_of("Grandmamma")
    assert grandmother.gender == "f"


def test_a_role_before_a_name_is_a_title_not_a_person() -> None:
    texts = ["Then General Perovski came, and the General sat; General Perovski stood."]
    names = clusters_of(texts)
    assert names.cluster_of("General Perovski") is not names.cluster_of("the General")


def test_a_word_only_ever_written_before_another_capital_is_the_first_of_a_longer_name() -> None:
    # Holmes: 'Covent Garden', 'Charing Cross' ('Garden' and 'Cross' are no names); The Gambler:
    # 'the Holy See'. Crime and Punishment: 'Afanasy' is always followed by a patronymic, so
    # 'Afanasy Pavlovitch' named once is not Afanasy Ivanovitch.
    texts = [
        "We drove to Covent Garden. At Covent Garden Holmes stopped, and Charing Cross was near.",
        "Then from Charing Cross we walked. Afanasy Ivanovitch came, and Afanasy Ivanovitch said",
        "that Afanasy Pavlovitch had seen it. So Afanasy Ivanovitch left us near the Holy See",
        "and the Holy Mother. Holmes said nothing, and the garden was dark.",
    ]
    assert {"Covent", "Charing", "Afanasy", "Holy"} <= bound_words(texts)
    assert "Holmes" not in bound_words(texts)
    variants = [v for c in clusters_of(texts).clusters for v in c.variants]
    assert {"Covent Garden", "Charing Cross", "Afanasy Pavlovitch", "Holy See"} <= set(variants)
    assert not {"Covent", "Charing"} & set(variants)  # 'the Holy Mother' leaves a 'Holy' (issue 40)
    names = clusters_of(texts)
    assert names.cluster_of("Afanasy Pavlovitch") is not names.cluster_of("Afanasy Ivanovitch")


def test_a_title_written_in_lower_case_is_no_name() -> None:
    texts = ["The general said so, and the General and the general and the general agreed."]
    assert "General" not in name_words(texts)
    assert mentions_in(texts[0], name_words(texts)) == []


def test_a_saint_after_a_name_or_a_title_begins_a_surname() -> None:
    # 'St.' is an honorific but no role: 'Neville' does not describe it, and 'St. Clair' is his
    # surname, as 'St. Simon' is Lord St. Simon's
    words = {"Neville", "Clair", "Simon"}
    assert mentions_in("I met Mr. Neville St. Clair there.", words) == ["Mr. Neville St. Clair"]
    assert mentions_in("So Lord St. Simon came.", words) == ["Lord St. Simon"]
    assert mentions_in("We passed St. Clair, then", words) == ["St. Clair"]


def test_a_husband_and_wife_of_a_saints_surname_are_two_people() -> None:
    # Holmes: 'Mrs. St. Clair' and 'Mr. Neville St. Clair' were one cluster, 'St. Clair', once
    # the title was cut from the surname; so were Lord St. Simon and Lady St. Simon
    texts = [
        "Then Mr. Neville St. Clair left home, and Mrs. St. Clair waited for Neville St. Clair.",
        "So Lord St. Simon wrote, and Lady St. Simon read what Lord St. Simon wrote.",
    ]
    names = people(texts)
    assert {"Mr. Neville St. Clair", "Neville St. Clair"} in names and {"Mrs. St. Clair"} in names
    assert {"Lord St. Simon"} in names and {"Lady St. Simon"} in names


def test_rodya_pyotr_petrovitch_is_two_people() -> None:
    texts = [
        "So Rodya sat down. Then Pyotr Petrovitch Luzhin came, and Pyotr Petrovitch Luzhin spoke.",
        "I said, Rodya, Pyotr Petrovitch is here, and Rodya left.",
        "Tell Rodya Pyotr Petrovitch has gone.",
    ]
    names = clusters_of(texts)
    assert "Rodya Pyotr Petrovitch" not in {v for c in names.clusters for v in c.variants}
    assert names.cluster_of("Rodya") is not names.cluster_of("Pyotr Petrovitch")


def test_elizabeth_bennet_stays_one_name() -> None:
    texts = [
        "Mr. Bennet came in. Elizabeth laughed, and Mr. Bennet smiled at Elizabeth.",
        "Then Elizabeth Bennet walked out, and Elizabeth Bennet ran.",
    ]
    names = clusters_of(texts)
    assert names.cluster_of("Elizabeth Bennet") is names.cluster_of("Elizabeth")


def test_a_place_before_a_name_is_two_mentions() -> None:
    texts = [
        "Lydia laughed. They went to London in May, and Lydia wrote from London.",
        "Lydia was gay. The officer, whose return from London Lydia came to inquire, bowed.",
    ]
    names = clusters_of(texts)
    assert "London Lydia" not in {v for c in names.clusters for v in c.variants}
    assert names.cluster_of("London") is not names.cluster_of("Lydia")


def test_a_place_that_ends_a_name_keeps_the_name() -> None:
    texts = [
        "Lady Catherine rode to Rosings. They dined at Rosings, and Rosings was grand.",
        "Then Catherine Rosings spoke, and Catherine laughed, and Catherine Rosings left.",
    ]
    names = clusters_of(texts)
    assert "Catherine Rosings" in {v for c in names.clusters for v in c.variants}


def test_mary_king_is_not_a_modified_title() -> None:
    assert mentions_in("He danced with Mary King, not Lydia.", {"Mary", "King", "Lydia"}) == [
        "Mary",
        "Lydia",
    ]


def test_a_common_word_after_a_title_is_a_name_only_there() -> None:
    # 'long' is a common word, so 'Long' is no name word; 'Mrs. Long' twice makes it a name
    # after a title, and 'Long before…' still names no one
    texts = [
        "Mrs. Long said that the walk was long. It was a long, long way; a long day.",
        "Long before noon Mrs. Long called. The road was long and the hours were long.",
    ]
    assert "Long" not in name_words(texts) and titled_words(texts) == {"Long"}
    assert mentions_in(texts[1], name_words(texts), titled_words(texts)) == ["Mrs. Long"]


def test_a_minor_character_named_once_after_a_title_is_a_name() -> None:
    # 'Pope' is never written in lowercase: once after a title is enough; 'have' is a common
    # word, so one 'Lord Have mercy' names no one
    texts = [
        "She had heard of Miss Pope from Jane. Lord Have mercy, said Jane.",
        "Jane and Lydia said they have heard it; they have seen it.",
    ]
    assert titled_words(texts) == {"Pope"}
    assert mentions_in(texts[0], name_words(texts), titled_words(texts)) == [
        "Miss Pope",
        "Jane",
        "Jane",
    ]


def test_a_title_word_after_miss_is_her_surname() -> None:
    # 'King' is a title ('the King'), but after 'Miss' it can only be a name
    texts = [
        "Wickham admired Miss King. Miss King had money, and Wickham said so; then Wickham left."
    ]
    names = people(texts)
    assert {"Miss King"} in names and {"Wickham"} in names


def test_sir_william_lucas_is_sir_william_and_william() -> None:
    texts = [
        "So Sir William was civil, and Jane liked Sir William.",
        "So Sir William Lucas spoke, and Jane listened to Sir William Lucas.",
        "Then William said it again, and Jane laughed at William.",
    ]
    assert {"Sir William", "Sir William Lucas", "William"} in people(texts)


def test_miss_with_a_given_name_is_that_sister_but_not_lady_with_one() -> None:
    # 'Miss Lydia' is Lydia; 'Lady Mary' (an earl's daughter) is seldom the family's Mary
    texts = [
        "So Lydia Bennet laughed, and Mary read. Then Lydia Bennet went out, and Mary stayed.",
        "So Miss Lydia was loud, and Lady Mary called; then Lady Mary left, and Mary read.",
    ]
    names = people(texts)
    assert {"Lydia Bennet", "Miss Lydia"} in names
    assert {"Lady Mary"} in names and {"Mary"} in names


def test_mlle_with_a_given_name_is_that_woman_as_miss_is() -> None:
    # The Gambler: 'Mlle. Polina' is Polina Alexandrovna; 'Mlle. de Cominges' a surname
    texts = [
        "So Polina Alexandrovna smiled, and Polina spoke to the General.",
        "Then Mlle. Polina left with Mlle. de Cominges, and Mlle. Polina did not look back.",
        "So Mlle. de Cominges laughed, and the General followed Mlle. de Cominges out.",
    ]
    names = people(texts)
    assert {"Polina Alexandrovna", "Polina", "Mlle. Polina"} in names
    assert {"Mlle. de Cominges"} in names


def test_miss_lucas_is_not_lady_lucas() -> None:
    # 'Lucas' is a given name in the nickname table, but 'Lady Lucas' and 'Miss Lucas' are a
    # mother and her daughter: a title and a given name join only that name used bare
    texts = [
        "Lady Lucas called with Miss Lucas, and Lady Lucas talked of Lydia all morning.",
        "Miss Lucas said little; Lydia said a great deal.",
    ]
    names = people(texts)
    assert {"Lady Lucas"} in names and {"Miss Lucas"} in names


def test_a_fuller_name_goes_to_the_cluster_with_its_title() -> None:
    # 'Catherine' (Kitty) came first; 'Lady Catherine de Bourgh' is 'Lady Catherine'
    texts = [
        "So Catherine and Lydia walked out; then Catherine coughed, said Lydia.",
        "So Lady Catherine was grand, and Lady Catherine spoke to Lydia.",
        "So Lady Catherine de Bourgh received them, and Lady Catherine de Bourgh spoke.",
    ]
    names = people(texts)
    assert {"Lady Catherine", "Lady Catherine de Bourgh"} in names and {"Catherine"} in names


def test_a_title_and_a_given_name_join_that_fuller_name() -> None:
    texts = [
        "So Lady Anne Darcy was his mother, and Lady Anne Darcy died.",
        "So Jane spoke of Lady Anne again, and of Lady Anne's house.",
    ]
    assert {"Lady Anne Darcy", "Lady Anne"} in people(texts)


def test_a_given_name_seen_once_is_a_name_unless_the_book_writes_it_in_lowercase() -> None:
    # 'Sarah' is named once; 'Will' also once, but 'will' is a common word in the same book;
    # 'One' is in the nickname table only as a diminutive (of 'Onicyphorous')
    texts = [
        "Chapter One. Then Sarah brought the tea, and then Will came. You will see, said Jane to "
        "Jane."
    ]
    words = name_words(texts)
    assert "Sarah" in words and "Will" not in words and "One" not in words


def test_a_titled_word_is_a_name_where_no_sentence_forces_its_capital() -> None:
    # 'hill' is a common word, 'Mrs. Hill' makes 'Hill' a name: after a title, and mid-sentence
    # ('ring for Hill'), but not where a sentence starts ('Hill after hill rose…')
    texts = [
        "Mrs. Hill came up the hill. Mrs. Hill was the housekeeper; the hill was steep.",
        "Ring the bell for Hill, said Mrs. Bennet. Hill after hill rose. Then Mrs. Bennet went.",
    ]
    names, titled = name_words(texts), titled_words(texts)
    assert mentions_in(texts[1], names, titled) == ["Hill", "Mrs. Bennet", "Mrs. Bennet"]


def test_a_given_name_after_lady_and_the_same_name_bare_are_two_people() -> None:
    # Kitty is 'Catherine' at home; 'Lady Catherine de Bourgh' is someone else. 'Lady Anne Darcy'
    # (Darcy's mother) is not 'Anne' (Miss de Bourgh), however the two are met
    texts = [
        "So Catherine and Lydia walked out; then Catherine coughed, said Lydia.",
        "So Lady Catherine de Bourgh received them, and Lady Catherine de Bourgh spoke.",
        "So Lady Anne Darcy was his mother, and Lady Anne Darcy died.",
        "So Anne was ill, said Lydia, and Anne stayed in.",
    ]
    names = people(texts)
    assert {"Catherine"} in names and {"Lady Catherine de Bourgh"} in names
    assert {"Lady Anne Darcy"} in names and {"Anne"} in names


def test_a_word_never_in_lowercase_after_a_given_name_completes_it() -> None:
    # 'Goulding' is seen once, after 'William': 'William Goulding' is someone, not a 'William'
    # who would then be Sir William Lucas
    texts = [
        "So Sir William Lucas called, and then Sir William Lucas left.",
        "So Lydia overtook William Goulding in his curricle, said Lydia.",
    ]
    assert "Goulding" in titled_words(texts)
    names = people(texts)
    assert {"Sir William Lucas"} in names and {"William Goulding"} in names


def test_a_possessive_ends_a_name() -> None:
    # 'Vater' is German for father: Katerina Ivanovna's father, not a longer name of hers
    words = {"Katerina", "Ivanovna", "Vater", "Amalia"}
    text = "Amalia said that Katerina Ivanovna’s Vater was never a burgomeister."
    assert mentions_in(text, words) == ["Amalia", "Katerina Ivanovna", "Vater"]


def test_esq_after_a_name_is_no_name() -> None:
    texts = [
        "Elizabeth, daughter of James Stevenson, Esq. of South Park, married Walter Elliot.",
        "So Charles Musgrove, Esq. of Uppercross, came; then James Stevenson, Esq. left.",
    ]
    assert "Esq" not in name_words(texts)


def test_mrs_charles_musgrove_is_his_wife_not_him() -> None:
    texts = [
        "So Charles Musgrove came in, and Mary smiled at Charles Musgrove.",
        "Mary had become Mrs. Charles Musgrove; Mrs. Charles Musgrove was proud of it.",
        "Then Charles laughed, and Charles went out shooting.",
    ]
    names = people(texts)
    assert {"Charles Musgrove", "Charles"} in names
    assert {"Mrs. Charles Musgrove"} in names


def test_a_saint_is_no_one_of_the_story() -> None:
    texts = [
        "So Mr. John Hare acted, and the crowd cheered Mr. John Hare.",
        "They drove to St. John’s Wood, past St. John’s church, and John followed.",
    ]
    names = clusters_of(texts)
    assert names.cluster_of("St. John") is not names.cluster_of("Mr. John Hare")
    assert names.cluster_of("John") is names.cluster_of("Mr. John Hare")


def test_a_title_and_a_bare_surname_join_the_man_of_that_surname() -> None:
    # 'Mr. Holmes' is 'Mr. Sherlock Holmes', 'Dr. Watson' is 'Watson'; but a baronet is never
    # 'Mr.': 'Mr. Elliot' (his heir) is not 'Sir Walter Elliot', nor 'Mr. John' 'Mr. John Hare'
    texts = [
        "So Mr. Sherlock Holmes sat, and Watson watched Holmes; Holmes smiled at Watson.",
        "Then Mr. Holmes spoke to Dr. Watson, and Dr. Watson laughed.",
        "So Sir Walter Elliot read, and Sir Walter frowned; Elliot was vain, said Holmes.",
        "Then Mr. Elliot came to call, and Mr. Elliot bowed.",
        "So Mr. John Hare acted, and John Hare bowed; then John left. Mr. John was gone.",
    ]
    names = clusters_of(texts)
    assert names.cluster_of("Mr. Holmes") is names.cluster_of("Mr. Sherlock Holmes")
    assert names.cluster_of("Dr. Watson") is names.cluster_of("Watson")
    assert names.cluster_of("Mr. Elliot") is not names.cluster_of("Sir Walter Elliot")
    assert names.cluster_of("Mr. John") is not names.cluster_of("Mr. John Hare")


def test_one_rank_and_one_surname_are_one_person_however_fully_named() -> None:
    # in either order; but 'Mr. Musgrove' and 'Mr. Charles Musgrove' are father and son
    texts = [
        "So Captain Wentworth came, and Anne saw Captain Wentworth.",
        "It was Captain Frederick Wentworth, said Anne; Captain Frederick Wentworth bowed.",
        "So Dr. Grimesby Roylott raged, and Dr. Grimesby Roylott left; then Dr. Roylott came.",
        "So Mr. Musgrove sat, and Mr. Musgrove ate; then Mr. Charles Musgrove shot.",
    ]
    names = clusters_of(texts)
    assert names.cluster_of("Captain Frederick Wentworth") is names.cluster_of("Captain Wentworth")
    assert names.cluster_of("Dr. Roylott") is names.cluster_of("Dr. Grimesby Roylott")
    assert names.cluster_of("Mr. Charles Musgrove") is not names.cluster_of("Mr. Musgrove")


def test_a_street_is_a_place_of_its_own() -> None:
    # Mr. Baker does not live in Baker Street, and 'Laura' in 'Laura Place' is nobody
    texts = [
        "Mr. Baker came. So Holmes went back to Baker Street; the street was wet in this place.",
        "Then Mr. Baker left, and Anne walked to Laura Place, for Laura Place was a grand place.",
        "So Mr. Baker called at Baker Street, a street with a place for everyone, and a place.",
        "They drove down the Chestnut Avenue, the long Chestnut Avenue; the Avenue was dark.",
    ]
    names = clusters_of(texts)
    assert {"Baker Street"} in people(texts) and {"Laura Place"} in people(texts)
    assert names.cluster_of("Mr. Baker") is not names.cluster_of("Baker Street")
    assert names.is_place("Laura Place")
    # 'the Avenue' alone is no street's short form: the rule that made it so decided once
    # on the seven shared books and moved no gold figure (issue 40), and went
    assert names.cluster_of("Avenue") is not names.cluster_of("Chestnut Avenue")
    assert is_street("Queen Squares")  # Persuasion: 'none of your Queen Squares for us!'


def test_a_title_and_its_realm_are_one_name_and_the_realm_alone_no_ones() -> None:
    # Alice: 'the Queen of Hearts' listed "Hearts" as an entity; Holmes: 'the King of
    # Bohemia' is the book's 'the King', but 'the King of Scandinavia' is another king
    texts = [
        "Said the King, and the King of Bohemia sat down. I had been to Bohemia, said Holmes.",
        "He is to marry the daughter of the King of Scandinavia. King of Bohemia, he said.",
        "Here came the Knave of Hearts; the Knave was silent. So the Countess of Morcar's jewel"
        " was lost, and the Count of Monte Cristo came.",
        "The Knave smiled at Alice, and the Countess wept.",
    ]
    found = mentions_in(texts[2], name_words(texts), titled_words(texts), bound_words(texts))
    assert found == ["the Knave of Hearts", "Knave", "the Countess of Morcar",
                     "the Count of Monte Cristo"]  # fmt: skip
    names = clusters_of(texts)
    king = names.cluster_of("the King")
    assert names.cluster_of("the King of Bohemia") is king
    assert names.cluster_of("King of Bohemia") is king
    assert names.cluster_of("the King of Scandinavia") is not king
    assert names.cluster_of("Bohemia") is not king  # the place is no one's name
    assert "Hearts" not in {v for c in names.clusters for v in c.variants}
    assert names.cluster_of("Knave") is names.cluster_of("the Knave of Hearts")
    # the realm first, the bare title after: the one countess the book has named
    assert names.cluster_of("the Countess") is names.cluster_of("the Countess of Morcar")


def test_a_month_after_an_article_and_a_king_by_his_epithet_are_names() -> None:
    # Alice: "a March Hare" and "the March Hare" were listed as "Hare", "William the
    # Conqueror" as "Conqueror"; Dorian Gray: "Charles the Rash" is no other Charles
    texts = [
        "In that direction lives a March Hare. The March Hare said nothing in March.",
        "Alice sat with the March Hare; William the Conqueror came over, said Alice.",
        "Charles of England rode by, and then Charles the Rash, and Jane told Charles.",
        "Then Jane said the Bingleys were coming to see William the Conqueror and Charles.",
    ]
    words, titled, bound = name_words(texts), titled_words(texts), bound_words(texts)
    assert mentions_in(texts[0], words, titled, bound) == ["March Hare", "March Hare"]
    assert mentions_in(texts[3], words, titled, bound)[0] == "Jane"  # not 'Jane the Bingleys'
    names = clusters_of(texts)
    assert names.cluster_of("March Hare").mentions["March Hare"] == 3
    conqueror, rash = (
        names.cluster_of("William the Conqueror"),
        names.cluster_of("Charles the Rash"),
    )
    assert set(conqueror.variants) == {"William the Conqueror"}
    assert set(rash.variants) == {"Charles the Rash"}


def test_a_feast_day_is_no_name() -> None:
    # Persuasion: 'possession at Michaelmas', 'Michaelmas came'; a date, as 'Christmas' is
    texts = [
        "The Crofts were to have possession at Michaelmas, and Anne went to Uppercross.",
        "So passed three weeks. Michaelmas came; and Anne thought of Kellynch at Michaelmas.",
    ]
    assert "Michaelmas" not in name_words(texts) and "Anne" in name_words(texts)


def test_a_name_met_after_to_the_is_a_place() -> None:
    # 'to the Casino', 'in the Casino': a place; 'the General' is a person, and a role anyway
    texts = [
        "So Polina went to the Casino, and I played in the Casino; the Casino roared.",
        "Then the General came, and Polina spoke to the General.",
    ]
    names = clusters_of(texts)
    assert names.is_place("Casino") and not names.is_place("Polina")


def test_an_admiral_is_a_man_and_an_inspector_a_title() -> None:
    texts = [
        "So Admiral Croft laughed, and Anne liked Admiral Croft. Then the Admiral left.",
        "Then Bradstreet came in, and Bradstreet sat. So Inspector Bradstreet spoke.",
    ]
    names = clusters_of(texts)
    assert names.cluster_of("Admiral Croft").gender == "m"
    assert names.cluster_of("the Admiral") is not names.cluster_of("Admiral Croft")
    assert names.cluster_of("Inspector Bradstreet") is names.cluster_of("Bradstreet")


def test_a_kinship_word_before_a_surname_gives_it_a_gender() -> None:
    # 'aunt Philips' is Mrs. Philips, not the Mr. Philips a bare 'Philips' would go to; before a
    # given name the kinship word says nothing ('cousin Elizabeth' is Elizabeth)
    texts = [
        "Mr. Philips came in. Philips was kind, and Mr. Philips laughed, and Mrs. Philips sat.",
        "Mrs. Philips smiled. We will go to my aunt Philips, and to uncle Philips, and Mrs. "
        "Philips will be glad; my sister Philips, said Mrs. Bennet. Then cousin Elizabeth came.",
        "My brother Gardiner wrote. Mr. Gardiner came, and Elizabeth laughed.",
    ]
    assert mentions_in(texts[1], {"Philips", "Elizabeth", "Bennet"})[1:4] == [
        "Aunt Philips",
        "Uncle Philips",
        "Mrs. Philips",
    ]
    names = clusters_of(texts)
    assert set(names.cluster_of("Mrs. Philips").variants) == {
        "Mrs. Philips",
        "Aunt Philips",
        "Sister Philips",
    }
    assert set(names.cluster_of("Mr. Philips").variants) == {
        "Mr. Philips",
        "Philips",
        "Uncle Philips",
    }
    assert names.cluster_of("Mr. Gardiner") is names.cluster_of("Brother Gardiner")
    assert names.cluster_of("Elizabeth").gender == ""


def test_a_contraction_is_no_name() -> None:
    # '’Tis' and '’Pon' are capitalised where a sentence begins; 'Pon' was a Holmes record
    texts = [
        "“’Tis an etiquette I despise,” said he. ’Tis true, she thought, and Tis was no one.",
        "“’Pon my word, Holmes!” ’Pon my life, it was Holmes again.",
    ]
    assert name_words(texts) == {"Holmes"}


def test_locative_uses_counts_as_the_plain_pattern_does_only_faster() -> None:
    import re

    from saadi_desktop.state.names import LOCATIVE, locative_uses

    def plain(variants: list[str], text: str) -> tuple[int, int]:
        pattern = "|".join(re.escape(v) for v in sorted(variants, key=len, reverse=True))
        found = re.findall(rf"(\w+)\s+(?:the\s+)?(?:{pattern})(?!\w)", text)
        return sum(w.lower() in LOCATIVE for w in found), len(found)

    text = (
        "“Sherlock Holmes!” said Holmes. He went to London. London was grey; in London London."
        " At the Casino, said the Duchess; to the Duchess, and in\n\nthe Casino. Londoner."
    )
    for variants in (["Sherlock Holmes", "Holmes"], ["London"], ["the Duchess", "Duchess"],
                     ["Casino"], ["Holmes"]):  # fmt: skip
        assert locative_uses(variants, text) == plain(variants, text), variants
    assert locative_uses(["London"], text) == (2, 2)


def test_to_after_a_word_of_speaking_takes_a_person_not_a_place() -> None:
    from saadi_desktop.state.names import locative_uses

    # the dev book, passage 44: Hill, the housekeeper, was read as a place
    hill = "Lydia, ring the bell. I must speak to Hill, this moment."
    assert locative_uses(["Hill"], hill) == (0, 1)
    text = "She wrote to the Queen, and then went to the Queen at Windsor; he was sent to London."
    assert locative_uses(["the Queen", "Queen"], text) == (1, 2)
    assert locative_uses(["London"], text) == (1, 1)


def test_a_russian_name_is_known_as_other_translators_spell_it() -> None:
    from saadi_desktop.state.given_names import (
        names_it_shortens,
    )
    from saadi_desktop.state.joins import russian_pair
    from saadi_desktop.state.names import is_given_name, transliterations

    assert transliterations("praskovya") == ["praskovya", "prascovya", "praskovia", "prascovia"]
    assert is_given_name("Prascovia") and is_given_name("Tatiana")  # Hogarth; not in the table
    assert is_given_name("Nadia")  # The Gambler: the General's daughter, 'Mischa and Nadia'
    assert russian_pair("Nicolai", "Kolya") and names_it_shortens("Kolia") == ["nikolay"]
    assert not is_given_name("Coffee") and transliterations("ivan") == ["ivan"]


@pytest.mark.parametrize("language", ["en", "en-GB", "EN-us", "eng", "English", "", "und"])
def test_an_english_book_or_one_of_unknown_language_has_its_names_read(language: str) -> None:
    assert unread_names(language) == ""


@pytest.mark.parametrize(("language", "called"), [("de", "German"), ("German", "German"),
                                                  ("fr-CA", "French"), ("ja", "ja")])  # fmt: skip
def test_a_book_in_another_language_is_told_why_it_has_no_names(language: str, called: str) -> None:
    assert f"this book is in {called}," in unread_names(language)


@pytest.mark.parametrize("house_first", [True, False])
def test_a_house_named_after_a_family_is_not_its_daughter(house_first: bool) -> None:
    # 'Lucas' is a given name too, so 'Miss Lucas' reads as a title and a given name; the
    # house 'Lucas Lodge' begins with it but is a place, whichever is met first
    house = "Sir William went home to Lucas Lodge, and Lucas Lodge was quiet that night."
    daughter = "Miss Lucas came to tea with Lydia, and Lydia laughed, and Miss Lucas smiled."
    texts = [house, daughter] if house_first else [daughter, house]
    names = clusters_of(texts)
    assert names.cluster_of("Lucas Lodge") is not names.cluster_of("Miss Lucas")


def test_a_plain_text_dash_may_begin_a_sentence() -> None:
    # Gutenberg's plain text writes a dash as '--': the capital after it is forced, as after '—'
    texts = [
        "Alice said, 'You turned a back-somersault in at the door-- Pray, what is the reason?'",
        "'You finished the goose, with the bones and the beak-- Pray how did you manage it?'",
        "'Mystery,' the Mock Turtle told Alice, 'ancient and modern: then Drawling-- Mystery'",
        "And so Alice listened.",
    ]
    words = name_words(texts)
    assert "Pray" not in words and "Mystery" not in words
    assert "Alice" in words  # where no sentence forces her capital


def test_a_surname_after_an_article_names_the_family_not_a_person() -> None:
    # 'the Elliot pride', 'an Elliot', 'the name of Bennet' (Mr. Collins's letter: Elizabeth
    # 'will not long bear the name of Bennet') speak of a family: no bare 'Elliot' or 'Bennet'
    # joins Sir Walter or Mr. Bennet. 'Elliot said' names a man; 'the Musgroves' are a family
    # the book names as one; a given name after 'a' is still her ('a devil of a Blanche').
    texts = [
        "Sir Walter Elliot and Mr. Elliot spoke. She had the Elliot pride; he was an Elliot.",
        "Mr. Bennet read the letter: she will not long bear the name of Bennet, it said.",
        "Mr. Musgrove and the two Mr. Musgroves came; the Musgroves dined with the Musgroves.",
        "Mlle. Blanche laughed. He loves this devil of a Blanche, and Blanche knows it.",
    ]
    variants = {v for cluster in people(texts) for v in cluster}
    assert not {"Elliot", "Bennet"} & variants
    assert {"Musgroves", "Blanche"} <= variants
    later = [*texts, "At last Elliot said nothing."]
    assert "Elliot" in {v for cluster in people(later) for v in cluster}


def test_a_given_name_after_the_is_a_thing_named_after_someone() -> None:
    # Lydia: 'when we got to the George, I do think we behaved very handsomely' — an inn, not
    # George Wickham; Crime and Punishment: 'he has the Anna in his buttonhole' — an order.
    # The same names without the article are the people.
    texts = [
        "George Wickham smiled. When we got to the George, we treated the others to lunch.",
        "Anna Petrovna came in. I bet he has the Anna in his buttonhole, said Anna.",
    ]
    clusters = people(texts)
    assert not any("George" in cluster for cluster in clusters)
    assert any({"Anna", "Anna Petrovna"} <= set(cluster) for cluster in clusters)
    later = [*texts, "George laughed at the joke."]
    assert any({"George", "George Wickham"} <= set(c) for c in people(later))


@pytest.mark.parametrize(
    ("texts", "word"),
    [
        (["“Oh, Lor!” cried the Cook, and Alice looked at her.",
          "“Well, Lor, how she did squeak!” said the Cook. “Oh, Lor!” said Alice."], "Lor"),
        (["“Oh, Lor!” said Mrs. Hudson, and Holmes looked up.",
          "“Well, Lor, sir!” said Mrs. Hudson to Holmes. “Ah, Lor!”"], "Lor"),
        (["Holmes wrote to Messrs. Holder and Stevenson, and Holmes waited.",
          "Holmes went to see Messrs. Holder, and Holmes smiled at Mr. Holder."], "Messrs"),
    ],
)  # fmt: skip
def test_a_word_of_speech_is_no_name(texts: list[str], word: str) -> None:
    from saadi_desktop.state.entries import read_entries

    assert word not in {n for e in read_entries(texts) for n in e.names}
    assert word not in name_words(texts)


@pytest.mark.parametrize(
    ("familiar", "name", "same"),
    [
        ("Kitty", "Kit", True),  # the last consonant doubled
        ("Skaggsy", "Skaggs", True),  # a surname's familiar form
        ("Georgie", "George", True),  # the last 'e' dropped
        ("Annie", "Ann", True),
        ("Kit", "Kitty", False),  # the ending goes on the name, not off it
        ("Amy", "Am", False),  # too short a name to be shortened so
        ("Hendry", "Henry", False),
    ],
)
def test_a_familiar_ending_is_a_name_and_y_ie_or_ey(familiar: str, name: str, same: bool) -> None:
    from saadi_desktop.state.given_names import (
        familiar_ending,
    )

    assert familiar_ending(familiar, name) is same


def test_a_role_speaks_after_a_quote_or_in_the_narration_and_each_the_role_is_a_mention() -> None:
    from saadi_desktop.state.names.mentions import is_role_mention, role_mentions
    from saadi_desktop.state.names.usage import story_roles

    texts = [
        "“Zero!” said the croupier, and Polina lost.",
        "Lydia rang, and the chambermaid answered that the chaise was come.",
        "“Who is he?” said the stranger; the porter slept; the Captain replied at once.",
    ]
    # 'the stranger' is anyone's word; 'the porter' never speaks; 'the Captain' is a title
    assert story_roles(texts) == {"croupier", "chambermaid"}
    text = "The croupier spun; two croupiers sat by the croupier’s rake, and the croupier-boy ran."
    assert role_mentions(text, {"croupier"}) == ["the croupier", "the croupier"]
    assert role_mentions(text, set()) == []
    assert is_role_mention("the croupier") and not is_role_mention("the Admiral")


def test_a_role_the_book_calls_the_one_of_twice_is_a_role_of_the_story_unless_several() -> None:
    from saadi_desktop.state.names.usage import story_roles

    # 'the waiter' twice and never 'a waiter': someone of the story, though he never speaks
    assert story_roles(["The waiter brought tea.", "Then the waiter went out."]) == {"waiter"}
    # 'a servant' more often than 'the servant', and 'the waiter' once: anyone
    assert (
        story_roles(["A servant came; the servant went; a servant ran.", "The waiter bowed."])
        == set()
    )
    # 'the porters' and 'the other porter' three times: several men, no one entry
    texts = [
        "The porter slept; the porter woke.",
        "The other porter and the porters swore; two porters laughed.",
    ]
    assert story_roles(texts) == set()
    assert story_roles(texts[:1]) == {"porter"}


def test_a_name_ending_in_a_creatures_noun_is_a_creature() -> None:
    from saadi_desktop.state.names import is_a_creature

    # Carroll's poem; Doyle's moor. A man's title or a given name makes a man of the word.
    assert is_a_creature("the Owl") and is_a_creature("the White Rabbit")
    assert is_a_creature("Eaglet") and is_a_creature("the Hound")
    assert not is_a_creature("Mr. Fox") and not is_a_creature("Robin Hood")
    assert not is_a_creature("the Queen") and not is_a_creature("Black Swan Hotel")


def test_a_known_place_is_one_of_the_worlds_best_known_places() -> None:
    from saadi_desktop.state.names import is_a_known_place

    # Wells's London, Doyle's Agra and Thames; a title makes a man of the word
    assert is_a_known_place("London") and is_a_known_place("the Thames")
    assert is_a_known_place("Agra") and is_a_known_place("New York")
    assert not is_a_known_place("Mr. Paris") and not is_a_known_place("Longbourn")


def test_a_familiar_ie_on_a_name_the_table_knows_is_a_given_name() -> None:
    from saadi_desktop.state.given_names import a_familiar_given_name, is_diminutive

    # Chopin's boatman Tonie, Dunbar's Maudie, Christie's Evie (a diminutive of Evelyn)
    assert a_familiar_given_name("Tonie") and a_familiar_given_name("Maudie")
    assert is_diminutive("Evie", "Evelyn")
    assert not a_familiar_given_name("Auntie") and not a_familiar_given_name("Prairie")
    assert not a_familiar_given_name("Lory")  # a '-y' that is no familiar ending
