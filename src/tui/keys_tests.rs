//! Rulesets played by keys alone: the action keys reach every ruleset's moves, not only
//! base Catan's.

use super::dialogs::Dialog;
use super::sample::Sample;
use super::theme::ColorLevel;
use crate::ruleset::Ruleset;
use ratatui::crossterm::event::{KeyCode, KeyEvent, KeyModifiers};

fn press(s: &mut Sample, c: KeyCode) {
    let fx = s.app.on_key(KeyEvent::new(c, KeyModifiers::NONE));
    s.apply(fx);
}

/// Types `line` on the command line of the seat on screen and sends it.
fn run(s: &mut Sample, line: &str) {
    let fx = s.app.run_line(line);
    s.apply(fx);
}

/// What the status line says now (empty when nothing).
/// The ruleset's own keys on screen, each with the commands it offers.
fn own_keys(s: &Sample) -> Vec<(char, &'static [&'static str])> {
    s.app
        .ruleset()
        .expect("a ruleset on screen")
        .own_keys()
        .iter()
        .map(|k| (k.key, k.verbs))
        .collect()
}

fn flash(s: &Sample) -> String {
    s.app
        .flash
        .as_ref()
        .map(|f| f.text.clone())
        .unwrap_or_default()
}

/// In the Big Game, `b` buys a card and `p` then offers each way to play it; Enter plays it.
#[test]
fn big_game_buys_and_plays_a_card_by_keys() {
    let mut s = Sample::big(18, 2, ColorLevel::None);
    let mut bought = false;
    for _ in 0..400 {
        s.bots(2000);
        s.app.pass_to = false;
        let legal = s.app.st().legal().to_vec();
        assert!(
            s.table.game().outcome().is_none(),
            "a card came before the end"
        );
        if !bought && legal.iter().any(|c| c == "buy dev") {
            press(&mut s, KeyCode::Char('b'));
            let said = s
                .app
                .st()
                .log
                .iter()
                .any(|l| l.plain().starts_with("You bought a development card"));
            assert!(said, "buying is confirmed in the log");
            bought = true;
            continue;
        }
        let plays: Vec<String> = legal
            .iter()
            .filter(|c| c.starts_with("play "))
            .cloned()
            .collect();
        if bought && !plays.is_empty() {
            press(&mut s, KeyCode::Char('p'));
            let Some(Dialog::Play(d)) = &s.app.dialog else {
                panic!(
                    "p opens the play menu; flash: {:?}",
                    s.app.flash.as_ref().map(|f| &f.text)
                );
            };
            assert_eq!(d.items.len(), plays.len(), "one choice per way to play");
            assert!(
                d.items[0].label.starts_with("Knight"),
                "{:?}",
                d.items[0].label
            );
            press(&mut s, KeyCode::Enter);
            let played = s
                .app
                .st()
                .log
                .iter()
                .any(|l| l.plain().starts_with("You played"));
            assert!(
                played,
                "Enter plays the card: {:?}",
                s.app
                    .st()
                    .log
                    .iter()
                    .rev()
                    .take(3)
                    .map(|l| l.plain())
                    .collect::<Vec<_>>()
            );
            return;
        }
        let pick = legal
            .iter()
            .find(|c| c.starts_with("roll"))
            .or_else(|| legal.iter().find(|c| c.starts_with("end")))
            .unwrap_or(&legal[0])
            .clone();
        run(&mut s, &pick);
    }
    panic!("no card to play came up");
}

/// In Total Chaos's setup, Tab puts the cursor on a free corner and the board pane tells
/// its hexes, pips and harbour, as in base, and Enter places the settlement there.
#[test]
fn total_chaos_setup_by_tab_and_enter() {
    let mut s = Sample::chaos(1, 4, ColorLevel::None);
    press(&mut s, KeyCode::Tab);
    assert!(s.app.cursor.is_some(), "Tab chose a corner");
    s.app.on_resize(80, 24);
    let mut t = ratatui::Terminal::new(ratatui::backend::TestBackend::new(80, 24)).unwrap();
    t.draw(|f| f.render_widget(&s.app, f.area())).unwrap();
    let screen = format!("{}", t.backend());
    let line = screen
        .lines()
        .find(|l| l.contains('▸'))
        .unwrap_or_else(|| panic!("the cursor is explained:\n{screen}"));
    assert!(line.contains("pips"), "with its pips: {line}");
    assert!(line.contains('✓'), "and that Enter builds there: {line}");
    press(&mut s, KeyCode::Enter);
    let built = s
        .app
        .st()
        .log
        .iter()
        .any(|l| l.plain().starts_with("You built a settlement"));
    assert!(built, "Enter placed it");
}

/// In the Big Game's setup, Tab goes to a starting settlement to collect around and Enter
/// collects there, as the status line's hint says.
#[test]
fn big_game_setup_collects_by_tab_and_enter() {
    let mut s = Sample::big(18, 2, ColorLevel::None);
    let collect: Vec<String> = s
        .app
        .st()
        .legal()
        .iter()
        .filter(|c| c.starts_with("collect "))
        .cloned()
        .collect();
    assert!(
        !collect.is_empty(),
        "the setup offers a collection: {:?}",
        s.app.st().legal()
    );
    press(&mut s, KeyCode::Tab);
    assert!(
        s.app.cursor.is_some(),
        "Tab found a settlement: {:?}",
        s.app.flash.as_ref().map(|f| &f.text)
    );
    press(&mut s, KeyCode::Enter);
    assert!(
        !s.app.st().legal().iter().any(|c| c.starts_with("collect ")),
        "Enter collected: {:?}",
        s.app
            .st()
            .log
            .iter()
            .rev()
            .take(3)
            .map(|l| l.plain())
            .collect::<Vec<_>>()
    );
}

/// In Total Chaos, `r` claims the production and `e` says this seat is ready (then `e`
/// again takes it back): the ruleset's own commands are on keys, not only on `:`.
#[test]
fn total_chaos_claims_and_readies_by_keys() {
    let mut s = Sample::chaos(1, 4, ColorLevel::None);
    for _ in 0..200 {
        s.bots(2000);
        s.app.pass_to = false;
        let legal = s.app.st().legal().to_vec();
        if legal.iter().any(|c| c == "claim") {
            press(&mut s, KeyCode::Char('r'));
            let claimed = s
                .app
                .st()
                .log
                .iter()
                .any(|l| l.plain().starts_with("You claimed"));
            assert!(
                claimed,
                "r claimed: {:?}",
                s.app.flash.as_ref().map(|f| &f.text)
            );
            assert!(
                s.app.st().legal().iter().any(|c| c == "ready"),
                "ready is next"
            );
            press(&mut s, KeyCode::Char('r'));
            let why = flash(&s);
            assert!(
                why.starts_with("Nothing to claim: the dice owe you nothing (more)"),
                "r once claimed says so, not that a roll is impossible: {why}"
            );
            press(&mut s, KeyCode::Char('e'));
            assert!(
                s.app.st().legal().iter().any(|c| c == "unready"),
                "e said ready: {:?}",
                s.app.st().legal()
            );
            press(&mut s, KeyCode::Char('e'));
            assert!(
                s.app.st().legal().iter().any(|c| c == "ready"),
                "e again took it back: {:?}",
                s.app.st().legal()
            );
            return;
        }
        let Some(pick) = legal
            .iter()
            .find(|c| c.starts_with("settle") || c.starts_with("road"))
            .cloned()
        else {
            continue;
        };
        run(&mut s, &pick);
    }
    panic!("no claim came up");
}

/// In Risk of Catan, with the cursor on a hex, `u` offers the units that can be bought
/// there (and only there), and choosing one buys it; elsewhere the key says where it can.
#[test]
fn risk_buys_units_on_the_hex_under_the_cursor() {
    use crate::board::render::Target;
    use crate::proto::moves::Move;
    let mut s = Sample::risk(3, 4, ColorLevel::None);
    for _ in 0..600 {
        s.bots(2000);
        s.app.pass_to = false;
        let buys: Vec<(crate::topology::HexId, String)> = s
            .app
            .st()
            .legal_moves()
            .filter_map(|(m, t)| match m {
                Move::Own { verb, at: Some(h) } if verb == "buy" => Some((*h, t.clone())),
                _ => None,
            })
            .collect();
        if buys.len() > 1 {
            // Away from any such hex, `u` takes the cursor to one; `u` again offers its units.
            s.app.cursor = None;
            press(&mut s, KeyCode::Char('u'));
            let Some(Target::Hex(hex)) = s.app.cursor else {
                panic!("u moved the cursor to a hex: {:?}", s.app.cursor);
            };
            let here: Vec<&String> = buys
                .iter()
                .filter(|(h, _)| *h == hex)
                .map(|(_, t)| t)
                .collect();
            assert!(!here.is_empty(), "a hex where units can be bought");
            press(&mut s, KeyCode::Char('u'));
            if here.len() > 1 {
                let Some(Dialog::List(d)) = &s.app.dialog else {
                    panic!(
                        "u offers the choice: {:?}",
                        s.app.flash.as_ref().map(|f| &f.text)
                    );
                };
                assert_eq!(d.items.len(), here.len(), "only this hex's purchases");
                press(&mut s, KeyCode::Enter);
            }
            let bought = s
                .app
                .st()
                .log
                .iter()
                .rev()
                .take(5)
                .any(|l| l.plain().starts_with("You bought"));
            assert!(
                bought,
                "the unit was bought: {:?}",
                s.app
                    .st()
                    .log
                    .iter()
                    .rev()
                    .take(5)
                    .map(|l| l.plain())
                    .collect::<Vec<_>>()
            );
            return;
        }
        let legal = s.app.st().legal().to_vec();
        let Some(pick) = legal
            .iter()
            .find(|c| c.starts_with("roll"))
            .or_else(|| {
                legal.iter().find(|c| {
                    c.starts_with("place ") || c.starts_with("settle") || c.starts_with("road")
                })
            })
            .or_else(|| {
                legal
                    .iter()
                    .find(|c| c.starts_with("discard") || c.starts_with("robber"))
            })
            .or_else(|| legal.iter().find(|c| *c == "end"))
            .cloned()
        else {
            continue;
        };
        run(&mut s, &pick);
    }
    panic!("no unit could be bought");
}

/// Adaptations is played by its own keys: each key offers the legal moves of its kind that
/// start from the hex under the cursor (taking the cursor to such a hex first), and Enter
/// sends the one chosen. Every typed move names the hex its text starts from.
#[test]
fn adaptations_is_played_by_keys_alone() {
    use crate::proto::moves::Move;
    let mut s = Sample::adaptations(2, 2, ColorLevel::None);
    let keys = own_keys(&s);
    let mut made = 0;
    for _ in 0..300 {
        s.bots(2000);
        s.app.pass_to = false;
        let map = s.app.map().cloned();
        let moves: Vec<(Move, String)> = s
            .app
            .st()
            .legal_moves()
            .map(|(m, t)| (m.clone(), t.clone()))
            .collect();
        if let Some(map) = map {
            for (m, text) in &moves {
                if let Move::Own { at: Some(h), .. } = m {
                    let name = crate::variants::adaptations::drift::name(map.topology.hex(*h));
                    let name = name.as_str();
                    assert!(
                        text.split([' ', '>', '*']).any(|w| w == name),
                        "`{text}` starts from {name}"
                    );
                }
            }
        }
        let Some((Move::Own { verb, .. }, _)) = moves.first() else {
            continue;
        };
        let key = keys
            .iter()
            .find(|(_, verbs)| verbs.contains(&verb.as_str()))
            .map(|(k, _)| *k)
            .unwrap_or_else(|| panic!("a key for `{verb}`"));
        let before = s.app.st().log.len();
        s.app.cursor = None;
        press(&mut s, KeyCode::Char(key));
        if s.app.dialog.is_none() && s.app.st().log.len() == before {
            // The cursor went to a hex where the move starts: the key again offers it.
            press(&mut s, KeyCode::Char(key));
        }
        if s.app.dialog.is_some() {
            press(&mut s, KeyCode::Enter);
        }
        assert!(
            s.app.st().log.len() > before,
            "`{key}` made a move: {:?} / {:?}",
            s.app.flash.as_ref().map(|f| &f.text),
            s.app
                .st()
                .log
                .iter()
                .rev()
                .take(3)
                .map(|l| l.plain())
                .collect::<Vec<_>>()
        );
        made += 1;
        if made >= 12 {
            return;
        }
    }
    panic!("only {made} moves were made by keys");
}

/// A ruleset's own key that can do nothing now says so in the ruleset's terms, even where
/// the shared keys give it another meaning (Adaptations' `s` is the seasons, not a
/// settlement; its `b` buys an adaptation, not a development card).
#[test]
fn an_own_key_that_does_nothing_now_says_so_in_its_rulesets_words() {
    let mut s = Sample::adaptations(2, 2, ColorLevel::None);
    s.bots(2000);
    s.app.pass_to = false;
    assert!(
        !s.app.st().legal().iter().any(|c| c.starts_with("season")),
        "no season card in the placement"
    );
    for (key, what) in [('s', "the seasons"), ('b', "buy or trade in an adaptation")] {
        press(&mut s, KeyCode::Char(key));
        let said = flash(&s);
        assert!(
            said.starts_with(&format!("Not possible now ({what}).")),
            "`{key}`: {said}"
        );
    }
}

/// In the Big Game, a ship is built by keys: Enter on a sea edge where only a ship may go
/// builds one (the spot keys know ships as they know roads).
#[test]
fn big_game_builds_a_ship_by_keys() {
    use crate::board::render::Target;
    use crate::proto::moves::Move;
    let mut s = Sample::big(18, 2, ColorLevel::None);
    for _ in 0..600 {
        s.bots(2000);
        s.app.pass_to = false;
        let roads: Vec<crate::topology::EdgeId> = s
            .app
            .st()
            .moves()
            .iter()
            .filter_map(|m| match m {
                Move::Road(e) => Some(*e),
                _ => None,
            })
            .collect();
        let ship = s.app.st().moves().iter().find_map(|m| match m {
            Move::Ship(e) if !roads.contains(e) => Some(*e),
            _ => None,
        });
        if let Some(e) = ship {
            s.app.action = None;
            s.app.cursor = Some(Target::Edge(e));
            press(&mut s, KeyCode::Enter);
            let built = s
                .app
                .st()
                .log
                .iter()
                .rev()
                .take(5)
                .any(|l| l.plain().starts_with("You built a ship"));
            assert!(
                built,
                "Enter built the ship: {:?} / {:?}",
                s.app.flash.as_ref().map(|f| &f.text),
                s.app
                    .st()
                    .log
                    .iter()
                    .rev()
                    .take(3)
                    .map(|l| l.plain())
                    .collect::<Vec<_>>()
            );
            return;
        }
        let legal = s.app.st().legal().to_vec();
        let pick = legal
            .iter()
            .find(|c| c.starts_with("collect") || c.starts_with("city"))
            .or_else(|| legal.iter().find(|c| c.starts_with("bank")))
            .or_else(|| {
                legal
                    .iter()
                    .find(|c| c.starts_with("end") || c.starts_with("discard"))
            })
            .cloned();
        if let Some(pick) = pick {
            run(&mut s, &pick);
        }
    }
    panic!("no ship came up");
}

/// In Total Chaos and the Big Game, `t` opens the trade dialog and `a` the offers on the
/// table, as in base: trading is half of their phases.
#[test]
fn total_chaos_and_big_game_trade_and_answer_by_keys() {
    use crate::rules::resources::Resource;
    for (name, mut s) in [
        ("total chaos", Sample::chaos(1, 4, ColorLevel::None)),
        ("big game", Sample::big(18, 2, ColorLevel::None)),
    ] {
        let mut traded = false;
        for _ in 0..400 {
            s.bots(2000);
            s.app.pass_to = false;
            let may_offer = s.app.st().legal().iter().any(|c| c.starts_with("offer"));
            let hand = s
                .app
                .ruleset()
                .and_then(|r| r.dialog_hand())
                .unwrap_or_default();
            let give = Resource::ALL.into_iter().find(|r| hand[*r] > 0);
            let Some(give) = give.filter(|_| may_offer) else {
                move_on(&mut s);
                continue;
            };
            press(&mut s, KeyCode::Char('t'));
            assert!(
                matches!(s.app.dialog, Some(Dialog::Trade(_))),
                "{name}: t opens the trade dialog; flash: {:?}",
                s.app.flash.as_ref().map(|f| &f.text)
            );
            press(&mut s, KeyCode::Esc);
            let get = Resource::ALL.into_iter().find(|r| *r != give).unwrap();
            run(&mut s, &format!("offer 1 {give} for 1 {get}"));
            press(&mut s, KeyCode::Char('a'));
            let Some(Dialog::Offers(d)) = &s.app.dialog else {
                panic!(
                    "{name}: a opens the offers; flash: {:?}",
                    s.app.flash.as_ref().map(|f| &f.text)
                );
            };
            assert!(
                d.rows.iter().any(|r| r.can_cancel),
                "{name}: our own offer can be withdrawn there"
            );
            traded = true;
            break;
        }
        assert!(traded, "{name}: no chance to trade came up");
    }
}

/// Plays the seat on screen on towards the next phase: places, claims, says ready or ends.
fn move_on(s: &mut Sample) {
    let legal = s.app.st().legal().to_vec();
    let next = ["claim", "ready", "end"]
        .into_iter()
        .find(|c| legal.iter().any(|l| l == c))
        .map(String::from)
        .or_else(|| {
            legal
                .iter()
                .find(|c| {
                    ["settle", "road", "collect", "city"]
                        .iter()
                        .any(|w| c.starts_with(w))
                })
                .cloned()
        });
    if let Some(next) = next {
        run(s, &next);
    }
}

/// In Total Chaos's building phase and the Big Game's own round, a build the hand cannot pay
/// for says what it costs and what is missing, as in base.
#[test]
fn total_chaos_and_big_game_say_what_a_build_lacks() {
    // Where building is open: Total Chaos's building phase (trading is open only there), the
    // Big Game's own round (only there may a seat end it).
    let chaos_builds = |legal: &[String]| legal.iter().any(|c| c.starts_with("offer"));
    let big_builds = |legal: &[String]| legal.iter().any(|c| c == "end");
    for (name, mut s, building) in [
        (
            "total chaos",
            Sample::chaos(1, 4, ColorLevel::None),
            &chaos_builds as &dyn Fn(&[String]) -> bool,
        ),
        (
            "big game",
            Sample::big(18, 2, ColorLevel::None),
            &big_builds,
        ),
    ] {
        let mut said = false;
        for _ in 0..400 {
            s.bots(2000);
            s.app.pass_to = false;
            let open = building(s.app.st().legal());
            let hand = s
                .app
                .ruleset()
                .and_then(|r| r.dialog_hand())
                .unwrap_or_default();
            let city = crate::rules::costs::CITY;
            if !open || hand.contains(&city) {
                move_on(&mut s);
                continue;
            }
            press(&mut s, KeyCode::Char('c'));
            let why = flash(&s);
            assert!(
                why.starts_with("City costs 2 grain 3 ore; you are missing"),
                "{name}: {why}"
            );
            said = true;
            break;
        }
        assert!(said, "{name}: no build phase came up");
    }
}

/// A key's choices come in the order the key lists its commands: Adaptations' `e` offers
/// "done" first, so `e` then Enter ends the part without throwing a card away.
#[test]
fn adaptations_e_offers_done_before_the_discards() {
    let mut s = Sample::adaptations(2, 2, ColorLevel::None);
    for _ in 0..300 {
        s.bots(2000);
        s.app.pass_to = false;
        let legal = s.app.st().legal().to_vec();
        let done = legal.iter().any(|c| c == "done");
        let discards = legal.iter().any(|c| c.starts_with("discard"));
        if done && discards {
            press(&mut s, KeyCode::Char('e'));
            let Some(Dialog::List(d)) = &s.app.dialog else {
                panic!(
                    "e offers a choice: {:?}",
                    s.app.flash.as_ref().map(|f| &f.text)
                );
            };
            assert_eq!(d.items[d.row].1, "done", "{:?}", d.items);
            return;
        }
        let Some(next) = legal.first().cloned() else {
            continue;
        };
        run(&mut s, &next);
    }
    panic!("done and a discard were never open together");
}

/// PgUp and PgDn move the log by its pane's height less one, so no row is skipped however
/// short the pane (three rows at 80×24, where a page of five skipped two).
#[test]
fn the_log_pages_by_its_own_height() {
    let mut s = Sample::chaos(1, 4, ColorLevel::None);
    // A log longer than two pages of the larger pane.
    for _ in 0..400 {
        if s.app.st().log.len() >= 80 {
            break;
        }
        s.bots(200);
        s.app.pass_to = false;
        if let Some(first) = s.app.st().legal().first().cloned() {
            s.send(&first);
        }
    }
    assert!(s.app.st().log.len() >= 80, "the log grew");
    for (w, h) in [(80, 24), (120, 40)] {
        s.app.on_resize(w, h);
        let log = s.app.layout(s.app.size).expect("a layout").log;
        let page = log.height as usize - 3;
        s.app.log_scroll = 0;
        press(&mut s, KeyCode::PageUp);
        assert_eq!(s.app.log_scroll, page, "{w}x{h}");
        press(&mut s, KeyCode::PageDown);
        assert_eq!(s.app.log_scroll, 0, "{w}x{h}");
    }
    // No further back than the first row: PgDn at once brings a page newer.
    for _ in 0..500 {
        press(&mut s, KeyCode::PageUp);
    }
    let top = s.app.log_scroll;
    press(&mut s, KeyCode::PageUp);
    assert_eq!(s.app.log_scroll, top, "stops at the first row");
    press(&mut s, KeyCode::PageDown);
    assert!(s.app.log_scroll < top, "PgDn moves at once from the top");
}

/// The help scrolls by its own page and stops at its end: a key past the end does not
/// leave a scroll that Up must first climb back from.
#[test]
fn the_help_pages_by_its_height_and_stops_at_its_end() {
    let mut s = Sample::risk(18, 4, ColorLevel::None);
    s.app.on_resize(80, 24);
    press(&mut s, KeyCode::Char('?'));
    let (max, page) = super::screens::help_scroll(&s.app, s.app.size);
    assert!(max > page, "the help is longer than a page at 80x24");
    press(&mut s, KeyCode::PageDown);
    assert_eq!(s.app.help, Some(page), "PgDn moves a page");
    for _ in 0..50 {
        press(&mut s, KeyCode::PageDown);
    }
    assert_eq!(s.app.help, Some(max), "PgDn stops at the end");
    press(&mut s, KeyCode::Up);
    assert_eq!(s.app.help, Some(max - 1), "Up moves at once from the end");
    press(&mut s, KeyCode::Home);
    press(&mut s, KeyCode::End);
    assert_eq!(s.app.help, Some(max), "End goes to the end");
    press(&mut s, KeyCode::Esc);
    assert_eq!(s.app.help, None);
}

/// In setup a city or a card is refused for what setup is, not for the cards it would cost.
#[test]
fn setup_refuses_a_city_for_being_setup_not_for_its_cost() {
    let mut s = Sample::new(18, 4, ColorLevel::None);
    s.bots(500);
    assert!(s.app.my_turn(), "Ann places in setup");
    for k in ['c', 'b'] {
        press(&mut s, KeyCode::Char(k));
        assert_eq!(
            flash(&s),
            "In setup you place a settlement, then a road next to it.",
            "`{k}`"
        );
    }
}

/// Risk's army keys say why they have nothing to do: the roll first, and in the main phase
/// what the armies lack, not only what the key would do.
#[test]
fn risks_army_keys_say_why_they_do_nothing() {
    let mut s = Sample::risk(18, 4, ColorLevel::None);
    let mut seen_roll = false;
    for _ in 0..200 {
        s.bots(2000);
        s.app.pass_to = false;
        let phase = s.app.phase();
        if phase == Some(super::ruleset::Phase::Roll) && s.app.my_turn() {
            let legal = s.app.st().legal().to_vec();
            assert!(!legal.iter().any(|c| c.starts_with("attack")));
            press(&mut s, KeyCode::Char('f'));
            assert_eq!(flash(&s), "Roll the dice first: r.", "said once, not twice");
            seen_roll = true;
            break;
        }
        let Some(first) = s.app.st().legal().first().cloned() else {
            continue;
        };
        s.send(&first);
    }
    assert!(seen_roll, "Ann's roll came");
}

/// One person at the terminal: `w` says there is nobody to hand the keyboard to.
#[test]
fn w_with_one_person_says_there_is_nobody_to_pass_to() {
    let mut s = Sample::new(18, 4, ColorLevel::None);
    s.bots(500);
    assert_eq!(s.app.sessions.len(), 1);
    press(&mut s, KeyCode::Char('w'));
    assert_eq!(flash(&s), "Only one person plays at this terminal.");
}

#[test]
fn adaptations_cursor_stops_on_hexes_only() {
    use crate::board::render::Target;
    let mut s = Sample::adaptations(2, 2, ColorLevel::None);
    s.app.on_resize(120, 40);
    let mut sea = 0;
    for code in [KeyCode::Right, KeyCode::Down, KeyCode::Left, KeyCode::Up]
        .into_iter()
        .cycle()
        .take(40)
    {
        for _ in 0..3 {
            press(&mut s, code);
            let at = s.app.cursor.expect("the arrows place the cursor");
            let Target::Hex(h) = at else {
                panic!("{at:?}");
            };
            sea += usize::from(!s.app.map().expect("a board").is_land(h));
        }
    }
    assert!(sea > 0, "sea tiles drift too: the cursor reaches them");
    press(&mut s, KeyCode::Tab);
    assert!(
        flash(&s).starts_with("Nothing to place on the board: it is not your turn"),
        "{}",
        flash(&s)
    );
    // Base Catan's cursor still stops on corners.
    let mut s = Sample::new(18, 4, ColorLevel::None);
    s.app.on_resize(120, 40);
    let mut corners = 0;
    for code in [KeyCode::Right, KeyCode::Down].into_iter().cycle().take(12) {
        press(&mut s, code);
        corners += usize::from(matches!(s.app.cursor, Some(Target::Corner(_))));
    }
    assert!(corners > 0);
}

/// A key with one command it can send sends it at once only when the command is the key's
/// word alone or acts on the hex under the cursor; one that chooses for the player (which
/// adaptation, which units from where) is shown first.
#[test]
fn an_own_key_shows_the_one_command_that_chooses_for_the_player() {
    use crate::proto::moves::Move;
    let mut s = Sample::adaptations(2, 2, ColorLevel::None);
    let keys = own_keys(&s);
    for _ in 0..300 {
        s.bots(2000);
        s.app.pass_to = false;
        let moves: Vec<(Move, String)> = s
            .app
            .st()
            .legal_moves()
            .map(|(m, t)| (m.clone(), t.clone()))
            .collect();
        for (key, verbs) in &keys {
            let mine: Vec<&(Move, String)> = moves
                .iter()
                .filter(
                    |(m, _)| matches!(m, Move::Own { verb, .. } if verbs.contains(&verb.as_str())),
                )
                .collect();
            let [(Move::Own { at: None, .. }, text)] = mine.as_slice() else {
                continue;
            };
            if verbs.contains(&text.as_str()) {
                continue;
            }
            let before = s.app.st().log.len();
            s.app.cursor = None;
            press(&mut s, KeyCode::Char(*key));
            assert_eq!(s.app.st().log.len(), before, "`{key}` sent `{text}` unseen");
            let Some(Dialog::List(d)) = &s.app.dialog else {
                panic!("`{key}` shows `{text}` first");
            };
            assert_eq!(d.items.len(), 1);
            assert_eq!(&d.items[0].1, text);
            press(&mut s, KeyCode::Enter);
            assert!(s.app.st().log.len() > before, "Enter sent `{text}`");
            return;
        }
        let Some((_, first)) = moves.first() else {
            continue;
        };
        let first = first.clone();
        s.send(&first);
    }
    panic!("no key had one command with a choice in it");
}

/// A refusal fits the status line's two rows whole: the prompt follows it only where it fits.
#[test]
fn a_refusal_is_never_cut_for_the_prompt_after_it() {
    use crate::tui::input::Verb;
    let mut s = Sample::big(18, 2, ColorLevel::None);
    s.app.on_resize(80, 24);
    // On to a round of the group, whose prompt lists every key.
    for _ in 0..600 {
        s.bots(2000);
        s.app.pass_to = false;
        if crate::tui::ui::prompt(&s.app)
            .0
            .starts_with("Your group's round")
        {
            break;
        }
        let legal = s.app.st().legal().to_vec();
        let pick = legal
            .iter()
            .find(|c| c.starts_with("collect") || c.starts_with("city"))
            .or_else(|| {
                legal
                    .iter()
                    .find(|c| c.starts_with("end") || c.starts_with("discard"))
            })
            .or(legal.first())
            .cloned();
        if let Some(pick) = pick {
            s.send(&pick);
        }
    }
    let prompt = crate::tui::ui::prompt(&s.app).0;
    assert!(prompt.starts_with("Your group's round"), "{prompt}");
    let narrow = s.app.why_not(Verb::Play);
    assert_eq!(narrow, "No development card can be played now.");
    assert!(narrow.ends_with('.'), "{narrow}");
    s.app.on_resize(200, 60);
    let wide = s.app.why_not(Verb::Play);
    assert_eq!(
        wide,
        format!("{narrow} {prompt}"),
        "the prompt follows where it fits"
    );
}

/// Adaptations' placement names two hexes in either order: `p` on either hex offers it, with
/// the hex under the cursor first, and Enter sends the command the host listed.
#[test]
fn adaptations_p_offers_a_placement_from_either_of_its_hexes() {
    use crate::board::render::Target;
    let mut s = Sample::adaptations(2, 2, ColorLevel::None);
    s.bots(2000);
    s.app.pass_to = false;
    let legal = s.app.st().legal().to_vec();
    let pair = legal
        .iter()
        .filter_map(|c| {
            let w: Vec<&str> = c.split_whitespace().collect();
            (w.len() == 3 && w[0] == "place" && w[1] != w[2])
                .then(|| (w[1].to_string(), w[2].to_string()))
        })
        .next()
        .expect("a placement on two hexes");
    let (a, b) = pair;
    assert!(
        !legal.contains(&format!("place {b} {a}")),
        "the host lists each pair once"
    );
    let map = s.app.map().expect("a board").clone();
    let id = |n: &str| {
        map.topology
            .hex_id(crate::variants::adaptations::drift::parse_pos(n).expect("a position"))
            .expect("on the map")
    };
    for (here, other) in [(&a, &b), (&b, &a)] {
        s.app.cursor = Some(Target::Hex(id(here)));
        press(&mut s, KeyCode::Char('p'));
        let Some(Dialog::List(d)) = &s.app.dialog else {
            panic!("`p` on {here} offers its placements: {}", flash(&s));
        };
        let item = d
            .items
            .iter()
            .find(|(shown, _)| *shown == format!("place {here} {other}"))
            .unwrap_or_else(|| panic!("`place {here} {other}` offered on {here}: {:?}", d.items));
        assert_eq!(
            item.1,
            format!("place {a} {b}"),
            "the command the host listed"
        );
        press(&mut s, KeyCode::Esc);
    }
}

/// Adaptations' arrows step to a neighbouring hex: up and down the column, left and right
/// along the row's zigzag (off the rim the opposite arrow comes back), so every neighbour is one or two
/// keys away. Before, left and right skipped a column and some neighbours took four keys.
#[test]
fn adaptations_arrows_step_to_every_neighbouring_hex() {
    use crate::board::render::Target;
    use std::collections::HashSet;
    let mut s = Sample::adaptations(2, 2, ColorLevel::None);
    s.app.on_resize(120, 40);
    let map = s.app.map().expect("a board").clone();
    let hexes: Vec<crate::topology::HexId> = map
        .topology
        .hex_ids()
        .filter(|h| s.app.pic.positions.contains_key(&Target::Hex(*h)))
        .collect();
    let keys = [KeyCode::Left, KeyCode::Right, KeyCode::Up, KeyCode::Down];
    let from_to = |s: &mut Sample, h, k| {
        s.app.cursor = Some(Target::Hex(h));
        s.app.rebuild();
        press(s, k);
        match s.app.cursor {
            Some(Target::Hex(n)) => n,
            t => panic!("{t:?}"),
        }
    };
    for &h in &hexes {
        let near: HashSet<crate::topology::HexId> = map
            .topology
            .hex(h)
            .neighbors()
            .into_iter()
            .filter_map(|n| map.topology.hex_id(n))
            .filter(|n| hexes.contains(n))
            .collect();
        let mut reached = HashSet::new();
        for k in keys {
            let n = from_to(&mut s, h, k);
            if n == h {
                continue;
            }
            assert!(near.contains(&n), "{k:?} from {h:?} steps to a neighbour");
            reached.insert(n);
            for k2 in keys {
                let m = from_to(&mut s, n, k2);
                if near.contains(&m) {
                    reached.insert(m);
                }
            }
            let back = match k {
                KeyCode::Left => KeyCode::Right,
                KeyCode::Right => KeyCode::Left,
                KeyCode::Up => KeyCode::Down,
                _ => KeyCode::Up,
            };
            if near.len() == 6 {
                // Off the rim, where the zigzag has both ways to go.
                assert_eq!(from_to(&mut s, n, back), h, "{back:?} undoes {k:?}");
            }
        }
        assert_eq!(reached, near, "every neighbour of {h:?} within two keys");
    }
}

/// In Adaptations Tab and Shift-Tab go round the hexes where a move of yours applies (the
/// help's "next / previous legal spot"); before, Tab did nothing.
#[test]
fn adaptations_tab_cycles_the_hexes_with_a_move() {
    use crate::board::render::Target;
    let mut s = Sample::adaptations(2, 2, ColorLevel::None);
    s.app.on_resize(120, 40);
    s.bots(2000);
    s.app.pass_to = false;
    let map = s.app.map().expect("a board").clone();
    let name = |t: Option<Target>| match t {
        Some(Target::Hex(h)) => crate::variants::adaptations::drift::name(map.topology.hex(h)),
        t => panic!("{t:?}"),
    };
    let legal = s.app.st().legal().to_vec();
    let mut seen = Vec::new();
    for _ in 0..3 {
        press(&mut s, KeyCode::Tab);
        let here = name(s.app.cursor);
        assert!(
            legal
                .iter()
                .any(|c| c.split_whitespace().any(|w| w == here)),
            "Tab stops on {here}, where a placement applies: {}",
            flash(&s)
        );
        seen.push(here);
    }
    assert_ne!(seen[0], seen[1], "Tab moves on");
    press(&mut s, KeyCode::BackTab);
    assert_eq!(name(s.app.cursor), seen[1], "Shift-Tab goes back");
}

/// Adaptations' board is built anew as tiles drift, its hexes numbered afresh and its
/// picture grown on any side: the cursor stays on its hex. Before, it kept its number (or
/// its place on screen) and stood on another hex.
#[test]
fn adaptations_cursor_keeps_its_hex_when_the_board_changes() {
    use crate::board::render::Target;
    let mut s = Sample::adaptations(2, 2, ColorLevel::None);
    s.app.on_resize(120, 40);
    let geometry = |s: &Sample| match s.app.cursor {
        Some(Target::Hex(h)) => s.app.map().expect("a board").topology.hex(h),
        t => panic!("{t:?}"),
    };
    let hex = geometry(&s);
    let id = |s: &Sample| s.app.map().expect("a board").topology.hex_id(hex);
    let mut ids = vec![id(&s)];
    for _ in 0..60 {
        s.bots(2000);
        s.app.pass_to = false;
        assert_eq!(geometry(&s), hex, "the cursor stays on its hex");
        ids.push(id(&s));
        // Ann drifts what she can, to the open water beyond the board where she can.
        let legal = s.app.st().legal().to_vec();
        let map = s.app.map().expect("a board").clone();
        let grows = |c: &&String| {
            c.starts_with("drift")
                && c.split_whitespace().nth(2).is_some_and(|to| {
                    crate::variants::adaptations::drift::parse_pos(to).is_some_and(|h| {
                        h.neighbors()
                            .iter()
                            .any(|n| map.topology.hex_id(*n).is_none())
                    })
                })
        };
        let Some(pick) = legal.iter().find(grows).or_else(|| legal.first()).cloned() else {
            break;
        };
        s.send(&pick);
        assert_eq!(
            geometry(&s),
            hex,
            "the cursor stays on its hex after {pick}"
        );
        ids.push(id(&s));
    }
    ids.dedup();
    assert!(ids.len() > 1, "the board was built anew with other numbers");
}

/// Adaptations' `b` and `s` lists tell what each choice means: an adaptation's cost, points
/// and effect; which season card goes High and which Low. Before, only the commands.
#[test]
fn adaptations_b_and_s_lists_say_what_each_choice_means() {
    let mut s = Sample::adaptations(2, 2, ColorLevel::None);
    let (mut seasons, mut buys) = (false, false);
    for _ in 0..400 {
        s.bots(2000);
        s.app.pass_to = false;
        let legal = s.app.st().legal().to_vec();
        for (key, verb) in [('s', "season "), ('b', "buy ")] {
            let n = legal.iter().filter(|c| c.starts_with(verb)).count();
            if n == 0 {
                continue;
            }
            press(&mut s, KeyCode::Char(key));
            let Some(Dialog::List(d)) = &s.app.dialog else {
                panic!("`{key}` lists its commands: {}", flash(&s));
            };
            for (shown, cmd) in d.items.iter().filter(|(_, c)| c.starts_with(verb)) {
                let w: Vec<&str> = cmd.split_whitespace().collect();
                match key {
                    's' => {
                        assert_eq!(*shown, format!("{cmd} · {} high, {} low", w[1], w[2]));
                        seasons = true;
                    }
                    _ => {
                        let a = crate::variants::adaptations::Adaptation::parse(w[1])
                            .expect("an adaptation");
                        assert!(
                            shown.starts_with(&format!("{cmd} · {} AP, {} VP", a.cost(), a.vp())),
                            "{shown}"
                        );
                        assert!(shown.chars().count() <= 50, "fits the dialog: {shown}");
                        buys = true;
                    }
                }
            }
            press(&mut s, KeyCode::Esc);
        }
        if seasons && buys {
            return;
        }
        // Ann saves her AP for an adaptation.
        let Some(pick) = legal
            .iter()
            .find(|c| *c == "done")
            .or_else(|| legal.first())
            .cloned()
        else {
            break;
        };
        s.send(&pick);
    }
    panic!("seasons listed: {seasons}, adaptations listed: {buys}");
}
