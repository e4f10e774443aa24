//! Base's actions: the action pane's lines, why an action cannot be taken, and the play and
//! offers dialogs built from its view. Risk of Catan plays its base game through them too.

use crate::rules::devcards::DevCard;
use crate::rules::resources::ResourceSet;
use crate::tui::dialogs::{PlayDialog, PlayItem, PlayThen};
use crate::tui::input::Verb;
use crate::tui::lines::res_name;
use crate::tui::ruleset::{Ctx, Phase};
use super::phase;
use crate::engine::Seat;
use crate::variants::base::BaseView;
use ratatui::style::Modifier;
use ratatui::text::{Line, Span};

/// The action panel's lines, with the action each one chooses (for clicks).
pub(super) fn action_lines(cx: &Ctx, v: &BaseView, short: bool) -> Vec<(Option<Verb>, Line<'static>)> {
    let t = cx.theme;
    let mut out = Vec::new();
    if cx.watching() {
        out.push((None, Line::raw(" Watching: no actions.")));
        return out;
    }
    // Open offers first: they wait for an answer.
    let people = &cx.people;
    let me = cx.me;
    for o in v.offers.iter().take(3) {
        let mut spans = vec![Span::styled(format!(" #{} ", o.id), t.dim())];
        spans.extend(people.label(o.from, t));
        spans.push(Span::raw(format!(": {} for {}", o.give, o.get)));
        match o.to {
            Some(s) if Some(s) == me => spans.push(Span::styled(" → you", t.warn())),
            Some(s) => spans.push(Span::raw(format!(" → {}", people.name(s)))),
            None => spans.push(Span::styled(" → all", t.dim())),
        }
        out.push((Some(Verb::Answer), Line::from(spans)));
    }
    if v.offers.len() > 3 {
        out.push((
            Some(Verb::Answer),
            Line::from(Span::styled(
                format!(" … and {} more offers", v.offers.len() - 3),
                t.dim(),
            )),
        ));
    }
    if !v.offers.is_empty() {
        out.push((None, Line::raw("")));
    }
    let hand = v
        .you
        .as_ref()
        .map(|y| y.hand)
        .unwrap_or_default();
    for verb in Verb::ALL {
        let enabled = cx.legal.allows(verb);
        if matches!(verb, Verb::Discard) && !enabled {
            continue;
        }
        if matches!(verb, Verb::Answer) && v.offers.is_empty() {
            continue;
        }
        let mut spans = vec![
            Span::raw(" "),
            Span::styled(
                verb.key().to_string(),
                if enabled { t.key() } else { t.dim() },
            ),
            Span::raw("  "),
            Span::styled(
                if short {
                    format!("{:<13}", verb.label_in(phase(v), true))
                } else {
                    format!("{:<18}", verb.label_in(phase(v), false))
                },
                if enabled { t.title() } else { t.dim() },
            ),
        ];
        if let Some(cost) = verb_cost(v, verb) {
            let afford = hand.contains(&cost);
            for (r, n) in cost.iter() {
                spans.push(Span::styled(
                    format!("{n} {} ", res_name(r, short)),
                    if afford && enabled {
                        t.resource(r)
                    } else if hand[r] >= n {
                        t.dim()
                    } else {
                        t.dim().add_modifier(Modifier::CROSSED_OUT)
                    },
                ));
            }
        } else {
            let note = match verb {
                Verb::Play => {
                    let n = v
                        .you
                        .as_ref()
                        .map_or(0, |y| y.dev_cards.iter().filter(|c| c.playable).count());
                    (n > 0).then(|| format!("{n} playable"))
                }
                Verb::Answer => Some(format!("{} open", v.offers.len())),
                Verb::Discard => v
                    .players
                    .get(me.unwrap_or(0) as usize)
                    .and_then(|p| p.must_discard)
                    .map(|n| format!("{n} cards owed")),
                Verb::Road | Verb::Settle if phase(v) == Phase::Setup => Some("free in setup".into()),
                Verb::Road if phase(v) == Phase::FreeRoads => Some(format!("{} free", v.free_roads)),
                _ => None,
            };
            if let Some(n) = note {
                spans.push(Span::styled(n, t.dim()));
            }
        }
        out.push((Some(verb), Line::from(spans)));
    }
    out
}

/// The cost of an action bar entry, if it has one (roads and settlements are free while
/// placing in setup and with Road Building).
fn verb_cost(view: &BaseView, v: Verb) -> Option<ResourceSet> {
    let setup = matches!(phase(view), Phase::Setup | Phase::FreeRoads);
    if setup && matches!(v, Verb::Road | Verb::Settle) {
        return None;
    }
    v.cost()
}


/// Why an action cannot be taken now, in words.
pub(super) fn why_not(cx: &Ctx, view: &BaseView, hand: ResourceSet, v: Verb) -> String {
        if cx.watching() {
            return "You are watching: spectators cannot play.".into();
        }
        if phase(view) == Phase::Over {
            return "The game is over.".into();
        }
        let people = &cx.people;
        let me = cx.me;
        let waiting_for = |s: Option<Seat>| match s {
            Some(s) => format!("It is {}'s turn.", people.name(s)),
            None => "Others are choosing what to discard.".to_string(),
        };
        let my_turn = view.current == me && view.current.is_some();
        match v {
            Verb::Answer => return "No offers wait for your answer.".into(),
            Verb::Discard => return "You owe no discard.".into(),
            _ => {}
        }
        if !my_turn {
            return waiting_for(view.current);
        }
        // Placing pieces (setup, free roads) is no matter of cards: the phase says why.
        let placing = matches!(phase(view), Phase::Setup | Phase::FreeRoads);
        if !placing
            && verb_cost(view, v).is_some()
            && let Some(why) = v.short_of(&hand)
        {
            return why;
        }
        match (v, phase(view)) {
            (_, Phase::Setup) => "In setup you place a settlement, then a road next to it.".into(),
            (_, Phase::Discard) => "Wait: players are discarding after the 7.".into(),
            (_, Phase::Robber) => "First move the robber: Tab to a hex, Enter.".into(),
            (_, Phase::FreeRoads) => "First place your free roads: Tab, Enter.".into(),
            (Verb::Trade | Verb::Play, Phase::SpecialBuild) => {
                "The special build allows building and buying only: trade and play in your turn."
                    .into()
            }
            (Verb::Roll, _) => "You have rolled already this turn.".into(),
            (Verb::End, _) | (Verb::Trade, Phase::Roll) => "Roll the dice first (r).".into(),
            (Verb::Road | Verb::Settle | Verb::City | Verb::BuyDev, Phase::Roll) => "Roll the dice first (r).".into(),
            (Verb::Road, _) => "There is no free edge next to your roads and buildings.".into(),
            (Verb::Settle, _) => {
                "No spot: a settlement needs your road and no building on the next corners.".into()
            }
            (Verb::City, _) => "You have no settlement left to upgrade.".into(),
            (Verb::BuyDev, _) => "The development deck is empty.".into(),
            (Verb::Play, _) => {
                if view.you.as_ref().is_none_or(|y| y.dev_cards.is_empty()) {
                    "You hold no development card.".into()
                } else {
                    "No card can be played now: one card per turn, not on the turn you bought it."
                        .into()
                }
            }
            (Verb::Trade, _) => "Trading is closed now (you built already this turn).".into(),
            _ => "Not possible now.".into(),
        }
    }


/// The play menu: each development card held, playable now or with why not.
pub(super) fn play_dialog(cx: &Ctx, view: &BaseView) -> Option<PlayDialog> {
        let you = view.you.as_ref()?;
        let l = cx.legal;
        let mut items = Vec::new();
        let mut seen: Vec<DevCard> = Vec::new();
        for c in &you.dev_cards {
            if seen.contains(&c.card) {
                continue;
            }
            seen.push(c.card);
            let count = you.dev_cards.iter().filter(|x| x.card == c.card).count();
            let then = match c.card {
                DevCard::Knight if l.knight => PlayThen::Send("play knight".into()),
                DevCard::RoadBuilding if l.road_building => PlayThen::Send("play roads".into()),
                DevCard::YearOfPlenty if !l.plenty.is_empty() => PlayThen::Plenty(view.bank),
                DevCard::Monopoly if !l.monopoly.is_empty() => {
                    PlayThen::Monopoly(l.monopoly.clone())
                }
                _ => PlayThen::Nothing,
            };
            let note = match (&then, c.card) {
                (PlayThen::Nothing, DevCard::VictoryPoint) => {
                    Some("counts for you; shown when you win".to_string())
                }
                (PlayThen::Nothing, _) => Some(
                    if you.dev_cards.iter().any(|x| x.card == c.card && x.playable) {
                        "not now (one card per turn)"
                    } else {
                        "bought this turn: playable from your next turn"
                    }
                    .to_string(),
                ),
                _ => None,
            };
            let label = if count > 1 {
                format!("{} ×{count}", c.card)
            } else {
                c.card.to_string()
            };
            items.push(PlayItem { label, note, then });
        }
        if items.is_empty() {
            return None;
        }
        let row = items.iter().position(|i| i.note.is_none()).unwrap_or(0);
        Some(PlayDialog { items, row })
    }

