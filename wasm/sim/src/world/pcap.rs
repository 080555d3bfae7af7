//! The libpcap writer: the records of a [`Capture`](super::capture::Capture)
//! as the classic file format Wireshark and tcpdump read (a 24-byte global
//! header, then a 16-byte record header per packet, nanosecond timestamps,
//! link type RAW: each record is an IPv4 datagram). The one writer of the
//! project: the CLI (`tcplab run --pcap`) and the page (through wasm) both
//! call it, so their files are the same byte for byte.
//!
//! IPv4 (RFC 791), TCP (RFC 9293) and UDP (RFC 768) headers are synthesised
//! from the records with correct checksums (RFC 1071); payload bytes are
//! zeros and cut off by the snap length (headers only), so the checksums are
//! exact. The model has node indices and stream offsets; the file has
//! addresses, ports and 32-bit sequence numbers: node i is 10.0.x.y with
//! x·256 + y = i + 1 ([`host_address`]), the ports are the flow's
//! (`scenario::cc_rules::src_port`, `dst_port`), both initial sequence
//! numbers are 0 and the SYN takes it, so data byte k has sequence number
//! k + 1 (mod 2³²), and TCP timestamps tick once per millisecond. Drop
//! records of the capture (kind 6) are not packets on the wire and are left
//! out.

use super::capture::{
    FIELDS, FLAG_CE, FLAG_CWR, FLAG_ECE, FLAG_ECT, FLAG_SACK_PERMITTED, FLAG_TIMESTAMPS,
    RECORD_WIDTH,
};

/// Nanosecond-resolution pcap magic (the µs variant is 0xa1b2c3d4).
pub const PCAP_MAGIC_NS: u32 = 0xa1b2_3c4d;
/// LINKTYPE_RAW: the packet begins with its IP header.
pub const LINKTYPE_RAW: u32 = 101;
const IP_HEADER: usize = 20;
const UDP_HEADER: usize = 8;
const TCP_HEADER: usize = 20;
/// Snap length written in the global header (whole packets would fit).
const SNAP_LENGTH: u32 = 65_535;

/// What a file of one flow needs beyond the records.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PcapFlow {
    /// The flow's source and destination ports.
    pub src_port: u16,
    pub dst_port: u16,
    /// The receiver's window-scale shift (RFC 7323 §2.2; 0 without scaling):
    /// the advertised windows are written scaled by it, except on a SYN.
    pub window_shift: u8,
}

/// The address of node `index`: 10.0.x.y, y from 1.
pub fn host_address(index: u32) -> u32 {
    let n = index + 1;
    (10 << 24) | (((n >> 8) & 0xff) << 8) | (n & 0xff)
}

/// The 24-byte global header.
pub fn file_header() -> Vec<u8> {
    let mut h = Vec::with_capacity(24);
    h.extend_from_slice(&PCAP_MAGIC_NS.to_le_bytes());
    h.extend_from_slice(&2u16.to_le_bytes());
    h.extend_from_slice(&4u16.to_le_bytes());
    h.extend_from_slice(&0i32.to_le_bytes()); // thiszone
    h.extend_from_slice(&0u32.to_le_bytes()); // sigfigs
    h.extend_from_slice(&SNAP_LENGTH.to_le_bytes());
    h.extend_from_slice(&LINKTYPE_RAW.to_le_bytes());
    h
}

/// A whole file: the header, then every packet of `records`.
pub fn file(flow: &PcapFlow, records: &[f64]) -> Vec<u8> {
    let mut out = file_header();
    write_records(flow, records, &mut out);
    out
}

/// Column of `name` in a record (the layout is fixed at compile time).
const fn col(name: &str) -> usize {
    let mut i = 0;
    while i < FIELDS.len() {
        if const_eq(FIELDS[i], name) {
            return i;
        }
        i += 1;
    }
    panic!("no such capture field");
}

const fn const_eq(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

const TIME: usize = col("time_ns");
const KIND: usize = col("kind");
const SRC: usize = col("src");
const DST: usize = col("dst");
const SEQ: usize = col("seq");
const ACK: usize = col("ack");
const PAYLOAD: usize = col("payload");
const RWND: usize = col("rwnd");
const FLAGS: usize = col("flags");
const TSVAL: usize = col("tsval");
const TSECR: usize = col("tsecr");
const SACK_LEN: usize = col("sack_len");
const SACK0: usize = col("sack0_start");
const MSS: usize = col("mss_option");
const WSCALE: usize = col("wscale_option");

/// Append the record header and the IP and transport headers of each packet
/// in `records` (row-major, [`RECORD_WIDTH`] values each) to `out`.
pub fn write_records(flow: &PcapFlow, records: &[f64], out: &mut Vec<u8>) {
    for r in records.chunks_exact(RECORD_WIDTH) {
        if let Some(p) = Header::of(flow, r) {
            p.write(out);
        }
    }
}

/// One packet's headers, decoded from a record.
struct Header {
    time_ns: u64,
    udp: bool,
    src_ip: u32,
    dst_ip: u32,
    src_port: u16,
    dst_port: u16,
    payload: usize,
    ecn: u8,
    seq: u32,
    ack: u32,
    /// TCP flag bits as in the header (RFC 9293 §3.1, RFC 3168 §6.1).
    bits: u8,
    window: u16,
    timestamps: Option<(u32, u32)>,
    sack: Vec<(u32, u32)>,
    /// MSS, window scale, SACK-permitted: a SYN's or SYN-ACK's options.
    syn: Option<(u16, Option<u8>, bool)>,
}

/// `x` as a sequence number: the SYN takes 0, so stream byte k is k + 1.
fn seq32(x: f64) -> u32 {
    ((x as u64).wrapping_add(1) & 0xffff_ffff) as u32
}

impl Header {
    fn of(flow: &PcapFlow, r: &[f64]) -> Option<Header> {
        let v = |i: usize| r[i];
        let kind = v(KIND) as u32;
        if kind > 5 {
            return None; // a drop record: never on the captured host's wire
        }
        let flags = v(FLAGS) as u32;
        let (data, ack_only, udp, syn, synack) =
            (kind == 0, kind == 1, kind == 2, kind == 3, kind == 4);
        // The data direction runs from the flow's source to its destination;
        // ACKs and the SYN-ACK come back.
        let forward = !ack_only && !synack;
        let (src_port, dst_port) = if forward {
            (flow.src_port, flow.dst_port)
        } else {
            (flow.dst_port, flow.src_port)
        };
        let ecn = if flags & FLAG_CE != 0 {
            3
        } else if flags & FLAG_ECT != 0 {
            2
        } else {
            0
        };
        let any_syn = syn || synack;
        let timestamps = (flags & FLAG_TIMESTAMPS != 0 && !udp).then(|| {
            let ms = |ns: f64| ((ns as u64 / 1_000_000) & 0xffff_ffff) as u32;
            (ms(v(TSVAL)), ms(v(TSECR)))
        });
        let max_blocks = if timestamps.is_some() { 3 } else { 4 };
        let n = (v(SACK_LEN) as usize).min(4).min(max_blocks);
        let sack = (0..n)
            .map(|k| (seq32(v(SACK0 + 2 * k)), seq32(v(SACK0 + 2 * k + 1))))
            .collect();
        // RFC 7323 §2.2: the window of a SYN or SYN-ACK is never scaled.
        let window = if ack_only {
            ((v(RWND) as u64) >> flow.window_shift).min(0xffff) as u16
        } else if any_syn {
            (v(RWND) as u64).min(0xffff) as u16
        } else {
            0
        };
        let wscale = v(WSCALE);
        let bits = (u8::from(any_syn) << 1)
            | (u8::from(!syn) << 4)
            | (u8::from(data) << 3)
            | (u8::from(flags & FLAG_ECE != 0) << 6)
            | (u8::from(flags & FLAG_CWR != 0) << 7);
        Some(Header {
            time_ns: v(TIME).max(0.0) as u64,
            udp,
            src_ip: host_address(v(SRC) as u32),
            dst_ip: host_address(v(DST) as u32),
            src_port,
            dst_port,
            payload: v(PAYLOAD) as usize,
            ecn,
            seq: if any_syn {
                0
            } else if data {
                seq32(v(SEQ))
            } else {
                1
            },
            ack: if syn {
                0
            } else if ack_only {
                seq32(v(ACK))
            } else {
                1
            },
            bits,
            window,
            timestamps,
            sack,
            syn: any_syn.then(|| {
                (
                    (v(MSS) as u64).min(0xffff) as u16,
                    (wscale >= 0.0).then_some(wscale as u8),
                    flags & FLAG_SACK_PERMITTED != 0,
                )
            }),
        })
    }

    /// TCP option bytes, laid out as Linux's `tcp_options_write`: on a SYN,
    /// MSS; timestamps with SACK-permitted in front of them or two NOPs, else
    /// NOP NOP SACK-permitted; NOP and window scale. Otherwise NOP NOP TS,
    /// then NOP NOP SACK.
    fn options(&self) -> Vec<u8> {
        let mut o = Vec::new();
        if let Some((mss, wscale, sack_permitted)) = self.syn {
            o.extend_from_slice(&[2, 4]);
            o.extend_from_slice(&mss.to_be_bytes());
            if let Some((tsval, tsecr)) = self.timestamps {
                o.extend_from_slice(if sack_permitted {
                    &[4, 2, 8, 10]
                } else {
                    &[1, 1, 8, 10]
                });
                o.extend_from_slice(&tsval.to_be_bytes());
                o.extend_from_slice(&tsecr.to_be_bytes());
            } else if sack_permitted {
                o.extend_from_slice(&[1, 1, 4, 2]);
            }
            if let Some(s) = wscale {
                o.extend_from_slice(&[1, 3, 3, s]);
            }
            return o;
        }
        if let Some((tsval, tsecr)) = self.timestamps {
            o.extend_from_slice(&[1, 1, 8, 10]);
            o.extend_from_slice(&tsval.to_be_bytes());
            o.extend_from_slice(&tsecr.to_be_bytes());
        }
        if !self.sack.is_empty() {
            o.extend_from_slice(&[1, 1, 5, 2 + 8 * self.sack.len() as u8]);
            for (l, r) in &self.sack {
                o.extend_from_slice(&l.to_be_bytes());
                o.extend_from_slice(&r.to_be_bytes());
            }
        }
        o
    }

    fn write(&self, out: &mut Vec<u8>) {
        let mut transport = Vec::with_capacity(TCP_HEADER + 40);
        if self.udp {
            transport.extend_from_slice(&self.src_port.to_be_bytes());
            transport.extend_from_slice(&self.dst_port.to_be_bytes());
            let len = (UDP_HEADER + self.payload).min(0xffff) as u16;
            transport.extend_from_slice(&len.to_be_bytes());
            transport.extend_from_slice(&[0, 0]);
        } else {
            let options = self.options();
            let th = TCP_HEADER + options.len();
            transport.extend_from_slice(&self.src_port.to_be_bytes());
            transport.extend_from_slice(&self.dst_port.to_be_bytes());
            transport.extend_from_slice(&self.seq.to_be_bytes());
            transport.extend_from_slice(&self.ack.to_be_bytes());
            transport.extend_from_slice(&[((th / 4) << 4) as u8, self.bits]);
            transport.extend_from_slice(&self.window.to_be_bytes());
            transport.extend_from_slice(&[0, 0, 0, 0]); // checksum, urgent pointer
            transport.extend_from_slice(&options);
        }
        let total = IP_HEADER + transport.len() + self.payload;
        let mut ip = [0u8; IP_HEADER];
        ip[0] = 0x45;
        ip[1] = self.ecn;
        ip[2..4].copy_from_slice(&(total.min(0xffff) as u16).to_be_bytes());
        ip[6] = 0x40; // don't fragment; identification 0
        ip[8] = 64; // TTL
        ip[9] = if self.udp { 17 } else { 6 };
        ip[12..16].copy_from_slice(&self.src_ip.to_be_bytes());
        ip[16..20].copy_from_slice(&self.dst_ip.to_be_bytes());
        let c = fold(sum16(&ip, 0));
        ip[10..12].copy_from_slice(&c.to_be_bytes());
        // Transport checksum over the pseudo-header (RFC 9293 §3.1, RFC 768)
        // and the header; the zero payload adds nothing but its length.
        let len = transport.len() + self.payload;
        let mut s = sum16(&ip[12..20], 0);
        s += u64::from(ip[9]);
        s += (len & 0xffff) as u64 + (len >> 16) as u64;
        s = sum16(&transport, s);
        let mut c = fold(s);
        if self.udp && c == 0 {
            c = 0xffff; // RFC 768: 0 means "no checksum"
        }
        let at = if self.udp { 6 } else { 16 };
        transport[at..at + 2].copy_from_slice(&c.to_be_bytes());
        let kept = IP_HEADER + transport.len();
        out.extend_from_slice(&((self.time_ns / 1_000_000_000) as u32).to_le_bytes());
        out.extend_from_slice(&((self.time_ns % 1_000_000_000) as u32).to_le_bytes());
        out.extend_from_slice(&(kept as u32).to_le_bytes());
        out.extend_from_slice(&(total as u32).to_le_bytes());
        out.extend_from_slice(&ip);
        out.extend_from_slice(&transport);
    }
}

/// One's-complement sum of 16-bit words (RFC 1071), not yet folded.
fn sum16(bytes: &[u8], acc: u64) -> u64 {
    let mut s = acc;
    let mut words = bytes.chunks_exact(2);
    for w in &mut words {
        s += u64::from(u16::from_be_bytes([w[0], w[1]]));
    }
    if let [last] = words.remainder() {
        s += u64::from(*last) << 8;
    }
    s
}

fn fold(s: u64) -> u16 {
    let mut x = s;
    while x > 0xffff {
        x = (x & 0xffff) + (x >> 16);
    }
    !(x as u16)
}

#[cfg(test)]
#[path = "pcap_tests.rs"]
mod tests;
