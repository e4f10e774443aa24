//! Framing: a length prefix (tokio-util's codec) with a size cap, and a bincode body that must
//! be consumed to the last byte. The encoding lives only here, so it can be swapped.

use bytes::{Bytes, BytesMut};
use serde::Serialize;
use serde::de::DeserializeOwned;
use std::marker::PhantomData;
use tokio_util::codec::{Decoder, Encoder, LengthDelimitedCodec};

/// Largest frame a host reads from a client: commands are short.
pub const MAX_CLIENT_FRAME: usize = 16 * 1024;
/// Largest frame a client reads from the host: views and maps.
pub const MAX_SERVER_FRAME: usize = 4 * 1024 * 1024;

/// Why a frame could not be read.
#[derive(Debug, thiserror::Error)]
pub enum FrameError {
    #[error("connection error: {0}")]
    Io(#[from] std::io::Error),
    #[error("undecodable message: {0}")]
    Decode(String),
    #[error("message has {0} trailing bytes")]
    Trailing(usize),
    #[error("message could not be encoded: {0}")]
    Encode(String),
}

fn config() -> impl bincode::config::Config {
    bincode::config::standard().with_limit::<{ 8 * 1024 * 1024 }>()
}

/// Encodes a message body.
pub fn encode<T: Serialize>(msg: &T) -> Result<Vec<u8>, FrameError> {
    bincode::serde::encode_to_vec(msg, write_config())
        .map_err(|e| FrameError::Encode(e.to_string()))
}

/// Decodes a whole message body; trailing bytes are an error.
pub fn decode<T: DeserializeOwned>(body: &[u8]) -> Result<T, FrameError> {
    let (msg, used) = bincode::serde::decode_from_slice::<T, _>(body, config())
        .map_err(|e| FrameError::Decode(e.to_string()))?;
    if used != body.len() {
        return Err(FrameError::Trailing(body.len() - used));
    }
    Ok(msg)
}

/// A whole frame (the 4-byte big-endian length, then the body) ready for the wire: the host
/// encodes a message many connections share once and hands each the same bytes (a clone
/// of [`Bytes`] is a reference count, not a copy).
pub fn frame<T: Serialize>(msg: &T) -> Result<Bytes, FrameError> {
    // Encoded in place after room for the length, into a buffer most updates fit: one
    // allocation and no copy (a hall's round start frames thousands). Encoding into a slice
    // takes under half the time of encoding through a writer; a message that does not fit
    // the guess is encoded again into a buffer of its size.
    let mut out = vec![0; 4 + FRAME_GUESS];
    let len = match bincode::serde::encode_into_slice(msg, &mut out[4..], write_config()) {
        Ok(len) => len,
        Err(bincode::error::EncodeError::UnexpectedEnd) => {
            out.truncate(4);
            bincode::serde::encode_into_std_write(msg, &mut out, write_config())
                .map_err(|e| FrameError::Encode(e.to_string()))?
        }
        Err(e) => return Err(FrameError::Encode(e.to_string())),
    };
    if len > MAX_SERVER_FRAME {
        return Err(FrameError::Encode(format!(
            "a message of {len} bytes is over the {MAX_SERVER_FRAME}-byte frame limit"
        )));
    }
    out.truncate(4 + len);
    out[..4].copy_from_slice(&(len as u32).to_be_bytes());
    Ok(Bytes::from(out))
}

/// The encoding without the decoder's size limit (the same bytes: a limit only stops a
/// decoder from allocating what a peer claims), which costs a check on every write.
fn write_config() -> impl bincode::config::Config {
    bincode::config::standard()
}

/// The room a frame is first given: a hall seat's update is under a kilobyte.
const FRAME_GUESS: usize = 1024;

/// A codec reading `In` and writing `Out` frames.
pub struct MsgCodec<In, Out> {
    frames: LengthDelimitedCodec,
    /// Writing has its own cap: a host reads short commands but writes views.
    out_frames: LengthDelimitedCodec,
    _types: PhantomData<fn(Out) -> In>,
}

impl<In, Out> MsgCodec<In, Out> {
    /// `max_frame` caps what is read, so a bad peer cannot make us allocate. What is written
    /// may be as large as a host's largest message ([`MAX_SERVER_FRAME`]).
    pub fn new(max_frame: usize) -> Self {
        MsgCodec {
            frames: LengthDelimitedCodec::builder()
                .max_frame_length(max_frame)
                .new_codec(),
            out_frames: LengthDelimitedCodec::builder()
                .max_frame_length(MAX_SERVER_FRAME)
                .new_codec(),
            _types: PhantomData,
        }
    }
}

impl<In: DeserializeOwned, Out> Decoder for MsgCodec<In, Out> {
    type Item = In;
    type Error = FrameError;

    fn decode(&mut self, src: &mut BytesMut) -> Result<Option<In>, FrameError> {
        match self.frames.decode(src)? {
            Some(frame) => decode(&frame).map(Some),
            None => Ok(None),
        }
    }
}

impl<In, Out: Serialize> Encoder<Out> for MsgCodec<In, Out> {
    type Error = FrameError;

    fn encode(&mut self, item: Out, dst: &mut BytesMut) -> Result<(), FrameError> {
        let body = encode(&item)?;
        self.out_frames
            .encode(Bytes::from(body), dst)
            .map_err(FrameError::Io)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::proto::{ClientMsg, PROTOCOL_VERSION, ServerMsg};

    #[test]
    fn round_trip_and_trailing_bytes() {
        let m = ClientMsg::Hello {
            version: PROTOCOL_VERSION,
            name: "Ann".into(),
            token: None,
            watch: false,
            color: None,
            password: None,
        };
        let mut body = encode(&m).unwrap();
        assert_eq!(decode::<ClientMsg>(&body).unwrap(), m);
        body.push(0);
        assert!(matches!(
            decode::<ClientMsg>(&body),
            Err(FrameError::Trailing(1))
        ));
    }

    #[test]
    fn oversized_frames_are_refused() {
        let mut codec: MsgCodec<ClientMsg, ClientMsg> = MsgCodec::new(MAX_CLIENT_FRAME);
        let mut buf = BytesMut::new();
        buf.extend_from_slice(&(10_000_000u32).to_be_bytes());
        buf.extend_from_slice(&[0; 16]);
        assert!(codec.decode(&mut buf).is_err());
    }

    #[test]
    fn a_host_writes_frames_larger_than_it_reads() {
        let mut codec: MsgCodec<ClientMsg, ServerMsg> = MsgCodec::new(MAX_CLIENT_FRAME);
        let mut buf = BytesMut::new();
        let big = ServerMsg::Notice("x".repeat(2 * MAX_CLIENT_FRAME));
        codec
            .encode(big.clone(), &mut buf)
            .expect("a view may exceed the read cap");
        let mut client: MsgCodec<ServerMsg, ClientMsg> = MsgCodec::new(MAX_SERVER_FRAME);
        assert_eq!(client.decode(&mut buf).unwrap(), Some(big));
    }

    /// A frame made once is what the codec writes: a client reads it like any other.
    #[test]
    fn a_frame_made_once_reads_like_a_written_one() {
        // A short message, one just past the first buffer's guess (encoded again at its
        // size), and a long one.
        let legal =
            |n: usize| ServerMsg::Legal((0..n).map(|i| format!("bank {i}")).collect(), Vec::new());
        for msg in [
            ServerMsg::Chat {
                from: "Ann".into(),
                text: "hello".into(),
            },
            ServerMsg::Chat {
                from: "Ann".into(),
                text: "x".repeat(FRAME_GUESS - 6),
            },
            legal(150),
            legal(5000),
        ] {
            let mut codec: MsgCodec<ClientMsg, ServerMsg> = MsgCodec::new(MAX_CLIENT_FRAME);
            let mut written = BytesMut::new();
            codec.encode(msg.clone(), &mut written).unwrap();
            let made = frame(&msg).unwrap();
            assert_eq!(&made[..], &written[..]);
            let mut client: MsgCodec<ServerMsg, ClientMsg> = MsgCodec::new(MAX_SERVER_FRAME);
            let mut buf = BytesMut::from(&made[..]);
            assert_eq!(client.decode(&mut buf).unwrap(), Some(msg));
        }
    }

    #[test]
    fn garbage_is_an_error_not_a_panic() {
        let mut codec: MsgCodec<ClientMsg, ClientMsg> = MsgCodec::new(MAX_CLIENT_FRAME);
        let mut buf = BytesMut::new();
        buf.extend_from_slice(&5u32.to_be_bytes());
        buf.extend_from_slice(&[0xff, 0xff, 0xff, 0xff, 0xff]);
        assert!(codec.decode(&mut buf).is_err());
    }
}
