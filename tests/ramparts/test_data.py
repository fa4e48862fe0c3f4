"""Schema and consistency tests for the data files (cards, chits, iButhos, tracks)."""

from __future__ import annotations

from games.ramparts.catalog import CARD, CHIT, IBUTHO, TRACKS, load
from games.ramparts.volleys import Modifiers, modify, tally

CARD_FIELDS = {
    "number", "name", "kind", "title", "rank", "medal", "dice", "abilities", "setup", "text",
    "free", "melee", "restriction", "ammo_low_after", "private", "bonus", "optional", "balance",
    "placement", "penalty", "outside", "banner", "lieutenant", "colonial", "movie", "source",
}  # fmt: skip
KINDS = {"hero", "group", "volley", "event", "relief", "night"}
TITLES = {"red", "blue", "brown", "white", "purple", "gray", "green", "leather"}
MODES = {"while_available", "return", "insert", "discard"}
EFFECTS = {
    "heroic_defense", "extra_actions", "extra_draws", "cancel_chit", "slow_advance",
    "retreat_close", "tend_wounded", "no_hand_limit", "free_ammo", "barricade_step",
    "put_forth_all", "banner", "volley", "ignore_seniority",
}  # fmt: skip


def test_fifty_cards_numbered_one_to_fifty() -> None:
    """2.0: 50 Action cards."""
    assert sorted(CARD) == list(range(1, 51))


def test_every_card_field_is_marked_rules_or_reconstruction() -> None:
    for data in load("cards")["cards"]:
        fields = set(data) - {"source"}
        assert fields <= CARD_FIELDS, data["number"]
        source = data["source"]
        assert set(source) == {"rules", "reconstruction"}
        assert set(source["rules"]) | set(source["reconstruction"]) == fields, data["number"]
        assert not set(source["rules"]) & set(source["reconstruction"])


def test_card_schema() -> None:
    for card in CARD.values():
        assert card.kind in KINDS
        assert card.title in TITLES
        assert card.medal in (None, "vc", "dcm")
        for rng, n in card.dice.items():
            assert rng in ("close", "medium", "long", "far") and n >= 0
        for ab in card.abilities:
            assert ab.mode in MODES and ab.effect in EFFECTS, ab.id
            assert ab.text and len(ab.text) < 300
        if card.is_hero:
            assert card.abilities, f"{card.short} needs an ability"
            sacrifices = [a for a in card.abilities if a.mode == "discard"]
            fate = card.effect("tend_wounded")
            assert sacrifices or fate, f"{card.short} needs a Heroic Sacrifice (6.2.4)"
        if card.kind == "volley":
            assert card.dice and card.title == "gray"


def test_cards_the_rules_name() -> None:
    """The cards the rules name are where the rules put them."""
    names = {n: c.name for n, c in CARD.items()}
    assert names[1] == "Lord Chelmsford's Relief Column"
    assert names[2] == "Night Fighting Begins"
    assert names[3] == "Lieutenant Chard" and names[4] == "Lieutenant Bromhead"
    assert names[5] == '"Here they come..."'
    assert names[24] == "Fix... bayonets!" and names[25] == "Ready... En Garde!"
    assert names[40] == "Natal Native Contingent" and names[41] == "Major Spalding"
    assert names[42] == "Natal Native Horse" and "G Company" in names[43]
    assert names[49] == "Cattle Stampede" and "Men of Harlech" in names[50]
    assert names[32] == "Reverend Smith" and names[33] == "Corporal Allen"
    everyone = " ".join(names.values())
    for who in ("Dalton", "Schiess", "Hook", "Bourne", "Windridge", "Reynolds", "Dick",
                "Adendorff", "Independent! Fire at Will!", "Volley Fire by Ranks",
                "Commit Reserve Platoon"):  # fmt: skip
        assert who in everyone
    assert sum(1 for c in CARD.values() if c.name == "Commit Reserve Platoon") == 2
    assert all(CARD[n].raw.get("optional") for n in range(32, 51))
    assert not any(CARD[n].raw.get("optional") for n in range(1, 32))
    assert [n for n in range(44, 49) if CARD[n].kind == "volley"] == [44, 45, 46, 47, 48]


def test_white_titles_cannot_work() -> None:
    """6.2: Reynolds, the dog and the outside groups cannot do the work of 6.3-6.6."""
    for number in (10, 39, 42, 43):
        assert not CARD[number].can_work
    assert CARD[40].can_work


def test_chit_mix() -> None:
    """Reference sheet: 23 Advance, 3 "R", 2 Building Ablaze and six single events."""
    kinds = [c.kind for c in CHIT.values()]
    assert kinds.count("advance") == 23
    assert kinds.count("regroup") == 3
    assert kinds.count("building_ablaze") == 2
    for single in ("indluyengwe_forward", "dabulamanzi", "rifles_overheat",
                   "seniority_debate", "washing_of_the_spears", "zulu_snipers"):  # fmt: skip
        assert kinds.count(single) == 1
    groups = {c.group for c in CHIT.values() if c.kind == "advance"}
    assert groups == {"left_horn", "right_horn", "both_horns", "chest", "loins", "all"}


def test_loins_fewest_chits_but_furthest() -> None:
    """5.1: the Loins have the fewest Advance markers but move more boxes on average."""
    per_track: dict[str, list[int]] = {}
    for c in CHIT.values():
        if c.kind == "advance":
            for track in load("chits")["groups"][c.group]:
                per_track.setdefault(track, []).append(c.boxes)
    loins = [c.boxes for c in CHIT.values() if c.group == "loins"]
    others = [c.boxes for c in CHIT.values() if c.group in ("left_horn", "right_horn", "chest")]
    assert len(per_track["loins"]) == min(len(v) for v in per_track.values())
    assert sum(loins) / len(loins) > sum(others) / len(others)


def test_chits_marked() -> None:
    for data in load("chits")["chits"]:
        assert data["source"] in ("rules", "reconstruction")


def test_ibuthos() -> None:
    """3.0: four iButhos; uThulwana starts at 5 with four Hit markers."""
    assert len(IBUTHO) == 4
    assert IBUTHO["uThulwana"].strength == 5 and IBUTHO["uThulwana"].markers == 4
    assert "inDluyengwe" in IBUTHO
    for data in load("ibuthos")["ibuthos"]:
        assert set(data["source"]) == {"name", "strength", "gold_marker"}
        assert set(data["source"].values()) <= {"rules", "reconstruction"}
    assert max(IBUTHO.values(), key=lambda i: i.strength).name == "uThulwana"


def test_tracks() -> None:
    """5.1.2: Left Horn and Loins share the upper 0 box, Chest and Right Horn the lower."""
    zero = {t["id"]: t["zero"] for t in TRACKS["tracks"]}
    assert zero["left_horn"] == zero["loins"] == "0-upper"
    assert zero["chest"] == zero["right_horn"] == "0-lower"
    for t in TRACKS["tracks"]:
        assert set(t["source"].values()) <= {"rules", "reconstruction"}
    for spot in TRACKS["heroic_defense_boxes"].values():
        assert spot["source"] in ("rules", "reconstruction")


def test_dice_reading_fits_the_675_example() -> None:
    """6.7.5: two -1s on the two highest of four dice leave no Hit and one Retreat.

    Under our reading (6 hits, 5 retreats) a throw of 6, 6, 3, 1 hits twice;
    after the two -1s it becomes 5, 5, 3, 1: two Retreats. The example's throw
    (6, 5, 3, 1 read from its lost pictures) becomes 5, 4, 3, 1: no Hit, one
    Retreat, as the rules say.
    """
    before = tally([6, 5, 3, 1], burning=False)
    after = modify([6, 5, 3, 1], Modifiers(minus=2, plus=0, reasons=[]), burning=False)
    assert before == (1, 1)
    assert after == [5, 4, 3, 1]
    assert tally(after, burning=False) == (0, 1)


def test_dice_faces_and_burning_building() -> None:
    """6.7.4 / 5.3.1: the building face retreats only in a burning building."""
    faces = TRACKS["dice"]["volley"]
    assert [faces[str(i)] for i in (1, 2, 3)] == ["miss"] * 3
    assert faces["5"] == "retreat" and faces["6"] == "hit"
    assert tally([4], burning=False) == (0, 0)
    assert tally([4], burning=True) == (0, 1)


def test_heroic_defense_numbers() -> None:
    """5.1.3: Hook stops on 4 or 5; Dalton (13.0) holds the Storehouse on the 4 rolled."""
    hook = CARD[12].effect("heroic_defense")
    dalton = CARD[6].effect("heroic_defense")
    assert hook and hook.params == {"box": "hospital", "numbers": [4, 5]}
    assert dalton and dalton.params["box"] == "storehouse" and 4 in dalton.params["numbers"]
    assert min(dalton.params["numbers"]) > 1, "rolls lower than the numbers must fail (5.1.3)"


def test_building_ablaze_table() -> None:
    """5.3.1 Reference Sheet: the four columns, read as die faces 1-6."""
    table = TRACKS["building_ablaze"]
    assert table["none"][:3] == ["hospital"] * 3 and table["none"][3:] == ["storehouse"] * 3
    assert table["one"] == ["other"] * 3 + ["none", "none", "extinguish_one"]
    assert table["both"][3:] == ["extinguish_hospital", "extinguish_storehouse", "extinguish_one"]
    assert table["fire_fighting"] == ["none"] * 3 + ["extinguish_one"] * 3
