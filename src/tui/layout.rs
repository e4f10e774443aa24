//! Where each pane goes, as a function of the terminal's size and what the panes need. A leaf:
//! the app asks it where a click landed, the drawing asks it where to draw.

use ratatui::layout::Rect;
use ratatui::widgets::{Block, Borders};

/// The smallest terminal the game is drawn in.
pub const MIN_W: u16 = 80;
pub const MIN_H: u16 = 24;

/// Width of the column with players, hand and actions.
const SIDE_W: u16 = 60;
/// From this width the log gets its own column.
const WIDE: u16 = 150;

/// Where each panel goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Areas {
    pub top: Rect,
    pub board: Rect,
    pub players: Rect,
    pub you: Rect,
    pub actions: Rect,
    /// The dice rolled so far, when there is room.
    pub dice: Option<Rect>,
    pub log: Rect,
    pub chat: Option<Rect>,
    pub status: Rect,
    pub footer: Rect,
}

/// Lines below the picture in the board pane: two about the cursor's place, two of key.
const BOARD_BELOW: u16 = 4;
/// Height of the dice panel: 2 to 12 and its frame.
const DICE_H: u16 = 13;
/// The least log shown in a narrow terminal: three events and the frame, so after the bots
/// act the player still sees who rolled, where the robber went and what was stolen.
const LOG_MIN_H: u16 = 5;
/// The least room under the board for the log to go there when its own column is narrower.
const LOG_UNDER_BOARD_H: u16 = 16;

/// What the layout depends on besides the terminal: the board picture's size (`None` before
/// it is drawn), the number of seats (rows of the players pane) and the rows the actions pane
/// asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Needs {
    pub pic: Option<(u16, u16)>,
    pub seats: u16,
    pub actions: u16,
    /// A spectator's hand pane holds two lines, not a hand: the rows go to the panes below.
    pub watching: bool,
}

/// The layout for a terminal of `area`, or `None` when it is too small.
pub fn layout(needs: Needs, area: Rect) -> Option<Areas> {
    if area.width < MIN_W || area.height < MIN_H {
        return None;
    }
    let (x, y, w, h) = (area.x, area.y, area.width, area.height);
    let top = Rect::new(x, y, w, 1);
    let status = Rect::new(x, y + h - 2, w, 1);
    let footer = Rect::new(x, y + h - 1, w, 1);
    let body_y = y + 1;
    let body_h = h - 3;
    let (pic_w, pic_h) = needs.pic.unwrap_or((38, 29));
    let wide = w >= WIDE;
    let side_w = if wide {
        SIDE_W
    } else {
        SIDE_W.min(w / 2).max(40)
    };
    let board_w = if wide {
        (pic_w + 8).min(w - side_w - 40)
    } else {
        w - side_w
    };
    let side_x = x + board_w;
    let seats = needs.seats;
    let compact = body_h < 34;
    let players_h = seats + if compact { 3 } else { 4 };
    let you_h = if compact || needs.watching { 4 } else { 6 };
    let players = Rect::new(side_x, body_y, side_w, players_h.min(body_h));
    let you_y = body_y + players.height;
    let you = Rect::new(side_x, you_y, side_w, you_h.min(body_h - players.height));
    let rest_y = you_y + you.height;
    let rest_h = body_h - players.height - you.height;
    let actions_need = needs.actions;
    if wide {
        // The dice panel under the actions when both fit; the actions take what is left.
        let (actions, dice) = if rest_h >= actions_need + DICE_H {
            (
                Rect::new(side_x, rest_y, side_w, rest_h - DICE_H),
                Some(Rect::new(side_x, rest_y + rest_h - DICE_H, side_w, DICE_H)),
            )
        } else {
            (Rect::new(side_x, rest_y, side_w, rest_h), None)
        };
        let log_x = side_x + side_w;
        let log_w = w - board_w - side_w;
        // The board pane holds the picture, its frame and the lines below it; the chat takes
        // the rest of that column when there is room, else a corner of the log's.
        let board_need = pic_h + 2 + BOARD_BELOW;
        let under_h = body_h.saturating_sub(board_need);
        let (board, log, chat) = if under_h >= LOG_UNDER_BOARD_H && log_w < board_w {
            // A wide picture leaves the last column narrow: the log, which is read more than
            // the chat, takes the wider place under the board.
            (
                Rect::new(x, body_y, board_w, board_need),
                Rect::new(x, body_y + board_need, board_w, under_h),
                Rect::new(log_x, body_y, log_w, body_h),
            )
        } else if under_h >= 6 {
            (
                Rect::new(x, body_y, board_w, board_need),
                Rect::new(log_x, body_y, log_w, body_h),
                Rect::new(x, body_y + board_need, board_w, under_h),
            )
        } else {
            let chat_h = (body_h / 4).clamp(5, 14);
            (
                Rect::new(x, body_y, board_w, body_h),
                Rect::new(log_x, body_y, log_w, body_h - chat_h),
                Rect::new(log_x, body_y + body_h - chat_h, log_w, chat_h),
            )
        };
        Some(Areas {
            top,
            board,
            players,
            you,
            actions,
            dice,
            log,
            chat: Some(chat),
            status,
            footer,
        })
    } else {
        let actions_h = rest_h.min(actions_need);
        let actions = Rect::new(side_x, rest_y, side_w, actions_h);
        let below_actions = rest_h - actions_h;
        // When the side column has no room left for the log, it takes the bottom of the
        // board's column; the board scrolls, the last events stay in sight.
        let (board, log) = if below_actions >= LOG_MIN_H {
            (
                Rect::new(x, body_y, board_w, body_h),
                Rect::new(side_x, rest_y + actions_h, side_w, below_actions),
            )
        } else {
            let board_h = body_h - LOG_MIN_H;
            (
                Rect::new(x, body_y, board_w, board_h),
                Rect::new(x, body_y + board_h, board_w, LOG_MIN_H),
            )
        };
        Some(Areas {
            top,
            board,
            players,
            you,
            actions,
            dice: None,
            log,
            chat: None,
            status,
            footer,
        })
    }
}

/// Lines below the picture: what is under the cursor, and a key to the pieces, as room allows.
pub fn board_footer_lines(pic_h: u16, inner: Rect) -> u16 {
    let spare = inner.height.saturating_sub(pic_h);
    if spare >= 2 {
        spare.min(BOARD_BELOW)
    } else if inner.height > 12 {
        1
    } else {
        0
    }
}

/// Where the picture is drawn inside the board pane.
pub fn board_inner(pic_h: u16, board: Rect) -> Rect {
    let inner = Block::default().borders(Borders::ALL).inner(board);
    let below = board_footer_lines(pic_h, inner);
    Rect {
        height: inner.height - below,
        ..inner
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn at(pic: (u16, u16), w: u16, h: u16) -> Areas {
        let needs = Needs {
            pic: Some(pic),
            seats: 4,
            actions: 10,
            watching: false,
        };
        layout(needs, Rect::new(0, 0, w, h)).expect("large enough")
    }

    #[test]
    fn the_log_takes_the_wider_of_its_places_on_a_wide_screen() {
        // One board: the log has the last column, wider than the board's.
        let one = at((38, 29), 200, 60);
        assert_eq!(one.log.x, one.players.x + one.players.width);
        assert!(one.log.width > one.board.width);
        // Two boards side by side: the last column is narrow, the log goes under the board.
        let two = at((96, 26), 200, 60);
        assert_eq!((two.log.x, two.log.width), (0, two.board.width));
        assert_eq!(two.log.y, two.board.y + two.board.height);
        let chat = two.chat.expect("a chat pane");
        assert!(chat.x > two.players.x && chat.width < two.log.width);
        // Too little room under the board: the log keeps its column.
        let tall = at((96, 44), 200, 60);
        assert_eq!(tall.log.x, tall.players.x + tall.players.width);
    }
}
