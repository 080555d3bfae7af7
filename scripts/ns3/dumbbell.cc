// tcplab's dumbbell in ns-3: the reference side of the tcplab/ns-3 comparison
// (docs/validation-ns3.md). It is compiled inside an ns-3 tree that the user
// has built (scripts/ns3-compare.mjs copies it to scratch/ and runs it); no
// ns-3 code is part of tcplab.
//
// Topology, as tcplab's dumbbell scenarios write it:
//
//   sender i --access i--> r1 ==bottleneck==> r2 --egress i--> receiver i
//
// Each flow has its own sender and receiver, so a flow's base RTT is set by
// the delays of its access and egress links. Every link is point-to-point;
// the NetDevice's own queue holds one packet, so the queue disc (traffic
// control) holds the queue, as a Linux qdisc does over a small driver ring.
// Flow i is a BulkSend application over TCP with its own congestion control
// (the SocketType of its sender node).
//
// Output (--out DIR): the same CSV layout as `tcplab run FILE --csv DIR`
// for what the comparison reads: DIR/flow-<id>.csv (t_s, cwnd_segments,
// ssthresh_segments, delivered_bytes, state_code, timeouts_count) and
// DIR/link-bottleneck_a_b.csv (t_s, queue_packets, sojourn_ms, drops_packets),
// sampled every --sampleMs from t = 0. stdout: one JSON summary line.
//
// Definitions, identical to tcplab's trace columns (world/sample.rs):
// - cwnd: the congestion window of TcpSocketBase ("CongestionWindow", not the
//   inflated one), in segments, 0 before the connection is established;
// - delivered: bytes the receiving application has read (PacketSink);
// - queue: packets waiting for the bottleneck (queue disc + device queue),
//   not the one being serialised;
// - sojourn: mean wait, from entering the queue disc to the first bit on the
//   wire (PhyTxBegin), of the packets that started during the interval;
// - state: 0 slow start, 1 congestion avoidance, 2 recovery (CA_RECOVERY or
//   CA_CWR), 3 loss (CA_LOSS, after a retransmission timeout).

#include "ns3/applications-module.h"
#include "ns3/core-module.h"
#include "ns3/internet-module.h"
#include "ns3/network-module.h"
#include "ns3/point-to-point-module.h"
#include "ns3/traffic-control-module.h"

#include <fstream>
#include <iomanip>
#include <sstream>
#include <string>
#include <unordered_map>
#include <vector>

using namespace ns3;

namespace
{

/// One TCP flow and what is recorded about it.
struct Flow
{
    std::string id;
    std::string cc; // "cubic", "linuxreno" or "newreno"
    double startS{0};
    Ptr<BulkSendApplication> app;
    Ptr<PacketSink> sink;
    // Last values seen on the socket's trace sources.
    uint32_t cwndBytes{0};
    uint32_t ssthreshBytes{UINT32_MAX};
    TcpSocketState::TcpCongState_t congState{TcpSocketState::CA_OPEN};
    // Times of window reductions (entries into recovery or loss), seconds.
    std::vector<double> reductions;
    uint32_t timeouts{0}; // entries into CA_LOSS
    std::ofstream csv;
    // Samples at or after the warm-up: the first and last (time, delivered), cwnd sum.
    double t0{-1};
    uint64_t delivered0{0};
    double t1{0};
    uint64_t delivered1{0};
    double cwndSum{0};
    uint64_t cwndSamples{0};
};

/// The bottleneck's queue, as sampled.
struct Bottleneck
{
    Ptr<QueueDisc> qdisc;
    Ptr<PointToPointNetDevice> device;
    std::unordered_map<uint64_t, Time> enqueuedAt; // packet uid -> entry into the queue disc
    Time waitSum{0};
    uint64_t waits{0};
    std::ofstream csv;
    double queueSum{0};
    uint64_t queueSamples{0};
    double sojournWeighted{0}; // sum of waits of packets started after the warm-up, s
    uint64_t sojournCount{0};
};

std::vector<Flow> g_flows;
Bottleneck g_bottleneck;
uint32_t g_segmentSize = 1460;
Time g_sample = MilliSeconds(10);
Time g_end = Seconds(60);
double g_warmupS = 10;

std::vector<std::string>
Split(const std::string& s)
{
    std::vector<std::string> out;
    std::stringstream ss(s);
    std::string item;
    while (std::getline(ss, item, ','))
    {
        out.push_back(item);
    }
    return out;
}

std::vector<double>
SplitNumbers(const std::string& s, size_t n, const std::string& what)
{
    std::vector<double> out;
    for (const auto& x : Split(s))
    {
        out.push_back(std::stod(x));
    }
    NS_ABORT_MSG_IF(out.size() != n, "--" << what << " needs " << n << " values");
    return out;
}

std::string
Fmt(double v)
{
    std::ostringstream o;
    o << std::setprecision(10) << v;
    return o.str();
}

uint8_t
StateCode(const Flow& f)
{
    switch (f.congState)
    {
    case TcpSocketState::CA_RECOVERY:
    case TcpSocketState::CA_CWR:
        return 2;
    case TcpSocketState::CA_LOSS:
        return 3;
    default:
        return f.cwndBytes < f.ssthreshBytes ? 0 : 1;
    }
}

void
OnCwnd(Flow* f, uint32_t, uint32_t now)
{
    f->cwndBytes = now;
}

void
OnSsthresh(Flow* f, uint32_t, uint32_t now)
{
    f->ssthreshBytes = now;
}

void
OnCongState(Flow* f, TcpSocketState::TcpCongState_t old, TcpSocketState::TcpCongState_t now)
{
    bool wasReducing = old == TcpSocketState::CA_RECOVERY || old == TcpSocketState::CA_LOSS ||
                       old == TcpSocketState::CA_CWR;
    bool reducing = now == TcpSocketState::CA_RECOVERY || now == TcpSocketState::CA_LOSS ||
                    now == TcpSocketState::CA_CWR;
    // A timeout during recovery is a further reduction (cwnd = 1 segment).
    if ((reducing && !wasReducing) || (now == TcpSocketState::CA_LOSS && old != now))
    {
        f->reductions.push_back(Simulator::Now().GetSeconds());
    }
    if (now == TcpSocketState::CA_LOSS && old != now)
    {
        f->timeouts++;
    }
    f->congState = now;
}

/// Connect to the sender's socket once BulkSend has created it.
void
HookSocket(Flow* f)
{
    auto sock = DynamicCast<TcpSocketBase>(f->app->GetSocket());
    NS_ABORT_MSG_IF(!sock, "flow " << f->id << ": no TCP socket");
    sock->TraceConnectWithoutContext("CongestionWindow", MakeBoundCallback(&OnCwnd, f));
    sock->TraceConnectWithoutContext("SlowStartThreshold", MakeBoundCallback(&OnSsthresh, f));
    sock->TraceConnectWithoutContext("CongState", MakeBoundCallback(&OnCongState, f));
}

void
OnEnqueue(Ptr<const QueueDiscItem> item)
{
    g_bottleneck.enqueuedAt[item->GetPacket()->GetUid()] = Simulator::Now();
}

void
OnQdiscDrop(Ptr<const QueueDiscItem> item)
{
    g_bottleneck.enqueuedAt.erase(item->GetPacket()->GetUid());
}

void
OnTxBegin(Ptr<const Packet> p)
{
    auto it = g_bottleneck.enqueuedAt.find(p->GetUid());
    if (it == g_bottleneck.enqueuedAt.end())
    {
        return;
    }
    Time wait = Simulator::Now() - it->second;
    g_bottleneck.enqueuedAt.erase(it);
    g_bottleneck.waitSum += wait;
    g_bottleneck.waits++;
    if (Simulator::Now().GetSeconds() >= g_warmupS)
    {
        g_bottleneck.sojournWeighted += wait.GetSeconds();
        g_bottleneck.sojournCount++;
    }
}

void
Sample()
{
    Time now = Simulator::Now();
    double t = now.GetSeconds();
    for (auto& f : g_flows)
    {
        bool started = t >= f.startS;
        double cwnd = started ? double(f.cwndBytes) / g_segmentSize : 0.0;
        double ssthresh =
            f.ssthreshBytes == UINT32_MAX ? 0.0 : double(f.ssthreshBytes) / g_segmentSize;
        uint64_t delivered = f.sink->GetTotalRx();
        f.csv << Fmt(t) << ',' << Fmt(cwnd) << ',' << Fmt(ssthresh) << ',' << delivered << ','
              << unsigned(StateCode(f)) << ',' << f.timeouts << '\n';
        if (t >= g_warmupS)
        {
            if (f.t0 < 0)
            {
                f.t0 = t;
                f.delivered0 = delivered;
            }
            f.t1 = t;
            f.delivered1 = delivered;
            f.cwndSum += cwnd;
            f.cwndSamples++;
        }
    }
    Bottleneck& b = g_bottleneck;
    uint32_t queued = b.qdisc->GetNPackets() + b.device->GetQueue()->GetNPackets();
    double sojournMs = b.waits > 0 ? b.waitSum.GetSeconds() * 1e3 / double(b.waits) : 0.0;
    b.waitSum = Time(0);
    b.waits = 0;
    if (t >= g_warmupS)
    {
        b.queueSum += queued;
        b.queueSamples++;
    }
    b.csv << Fmt(t) << ',' << queued << ',' << Fmt(sojournMs) << ','
          << b.qdisc->GetStats().nTotalDroppedPackets << '\n';
    if (now + g_sample <= g_end)
    {
        Simulator::Schedule(g_sample, &Sample);
    }
}

/// A queue-disc helper for the given kind; `limit` is what tcplab's
/// limit_packets means, packets waiting besides the one on the wire. The
/// device queue holds one of them, so the queue disc gets limit - 1.
TrafficControlHelper
QueueDiscFor(const std::string& kind,
             uint32_t limit,
             double targetMs,
             double intervalMs,
             uint32_t fqFlows,
             uint32_t dropBatch)
{
    NS_ABORT_MSG_IF(limit < 2, "--limit must be at least 2 packets");
    QueueSize size(QueueSizeUnit::PACKETS, limit - 1);
    TrafficControlHelper tch;
    if (kind == "fifo")
    {
        tch.SetRootQueueDisc("ns3::FifoQueueDisc", "MaxSize", QueueSizeValue(size));
    }
    else if (kind == "codel")
    {
        tch.SetRootQueueDisc("ns3::CoDelQueueDisc",
                             "MaxSize",
                             QueueSizeValue(size),
                             "Target",
                             StringValue(Fmt(targetMs) + "ms"),
                             "Interval",
                             StringValue(Fmt(intervalMs) + "ms"));
    }
    else if (kind == "fqcodel")
    {
        tch.SetRootQueueDisc("ns3::FqCoDelQueueDisc",
                             "MaxSize",
                             QueueSizeValue(size),
                             "Target",
                             StringValue(Fmt(targetMs) + "ms"),
                             "Interval",
                             StringValue(Fmt(intervalMs) + "ms"),
                             "Flows",
                             UintegerValue(fqFlows),
                             "DropBatchSize",
                             UintegerValue(dropBatch));
    }
    else
    {
        NS_FATAL_ERROR("--queue must be fifo, codel or fqcodel, not " << kind);
    }
    return tch;
}

TypeId
CongestionTypeFor(const std::string& cc)
{
    if (cc == "cubic")
    {
        return TcpCubic::GetTypeId();
    }
    if (cc == "linuxreno")
    {
        return TcpLinuxReno::GetTypeId();
    }
    if (cc == "newreno")
    {
        return TcpNewReno::GetTypeId();
    }
    NS_FATAL_ERROR("unknown congestion control " << cc << " (cubic, linuxreno, newreno)");
    return TypeId();
}

} // namespace

int
main(int argc, char* argv[])
{
    std::string ids = "f1";
    std::string ccs = "cubic";
    std::string accessDelays = "1";
    std::string egressDelays = "1";
    std::string starts = "0";
    double accessRateBps = 1e9;
    double bottleneckRateBps = 20e6;
    double bottleneckDelayMs = 19;
    uint32_t accessLimit = 1000;
    std::string queue = "fifo";
    uint32_t limit = 50;
    double targetMs = 5;
    double intervalMs = 100;
    uint32_t fqFlows = 1024;
    uint32_t quantum = 0;
    uint32_t dropBatch = 64;
    double durationS = 60;
    double sampleMs = 10;
    uint32_t initialCwnd = 10;
    double minRtoMs = 200;
    uint32_t delAckCount = 1;
    double delAckTimeoutMs = 40;
    bool timestamps = false;
    bool sack = true;
    std::string recovery = "prr";
    double cubicBeta = 717.0 / 1024.0;
    double cubicC = 410.0 / 1024.0;
    bool hystart = true;
    bool fastConvergence = true;
    bool friendliness = true;
    uint32_t bufferBytes = 64 << 20;
    std::string out = "ns3-out";

    CommandLine cmd(__FILE__);
    cmd.AddValue("ids", "flow ids, comma-separated", ids);
    cmd.AddValue("cc", "per flow: cubic, linuxreno or newreno", ccs);
    cmd.AddValue("accessDelayMs", "per flow: sender-to-r1 one-way delay, ms", accessDelays);
    cmd.AddValue("egressDelayMs", "per flow: r2-to-receiver one-way delay, ms", egressDelays);
    cmd.AddValue("startS", "per flow: start time, s", starts);
    cmd.AddValue("accessRateBps", "rate of every access and egress link, b/s", accessRateBps);
    cmd.AddValue("accessLimit", "FIFO limit of the access links, packets", accessLimit);
    cmd.AddValue("bottleneckRateBps", "bottleneck rate, b/s", bottleneckRateBps);
    cmd.AddValue("bottleneckDelayMs", "bottleneck one-way delay, ms", bottleneckDelayMs);
    cmd.AddValue("queue", "bottleneck queue disc: fifo, codel or fqcodel", queue);
    cmd.AddValue("limit", "bottleneck limit, packets waiting (tcplab's limit_packets)", limit);
    cmd.AddValue("targetMs", "CoDel target, ms", targetMs);
    cmd.AddValue("intervalMs", "CoDel interval, ms", intervalMs);
    cmd.AddValue("fqFlows", "FQ-CoDel flow queues", fqFlows);
    cmd.AddValue("quantum", "FQ-CoDel quantum, bytes (0: the device MTU)", quantum);
    cmd.AddValue("dropBatch", "FQ-CoDel drop batch, packets", dropBatch);
    cmd.AddValue("durationS", "simulated time, s", durationS);
    cmd.AddValue("warmupS", "statistics in the summary start here, s", g_warmupS);
    cmd.AddValue("sampleMs", "trace sampling interval, ms", sampleMs);
    cmd.AddValue("mss", "TCP segment size (payload bytes)", g_segmentSize);
    cmd.AddValue("initialCwnd", "initial window, segments", initialCwnd);
    cmd.AddValue("minRtoMs", "minimum RTO, ms", minRtoMs);
    cmd.AddValue("delAckCount", "segments per ACK (1: no delayed ACK)", delAckCount);
    cmd.AddValue("delAckTimeoutMs", "delayed-ACK timeout, ms", delAckTimeoutMs);
    cmd.AddValue("timestamps", "TCP timestamps (RFC 7323)", timestamps);
    cmd.AddValue("sack", "SACK (RFC 2018)", sack);
    cmd.AddValue("recovery", "prr (ns-3 default) or classic (RFC 6675 without PRR)", recovery);
    cmd.AddValue("cubicBeta", "TcpCubic Beta", cubicBeta);
    cmd.AddValue("cubicC", "TcpCubic C", cubicC);
    cmd.AddValue("hystart", "TcpCubic HyStart", hystart);
    cmd.AddValue("fastConvergence", "TcpCubic FastConvergence", fastConvergence);
    cmd.AddValue("friendliness", "TcpCubic TcpFriendliness", friendliness);
    cmd.AddValue("bufferBytes", "socket send and receive buffers, bytes", bufferBytes);
    cmd.AddValue("out", "directory for the CSV traces", out);
    cmd.Parse(argc, argv);

    auto idList = Split(ids);
    size_t n = idList.size();
    auto ccList = Split(ccs);
    NS_ABORT_MSG_IF(ccList.size() != n, "--cc needs " << n << " values");
    auto acc = SplitNumbers(accessDelays, n, "accessDelayMs");
    auto egr = SplitNumbers(egressDelays, n, "egressDelayMs");
    auto st = SplitNumbers(starts, n, "startS");
    g_end = Seconds(durationS);
    g_sample = MilliSeconds(sampleMs);

    // TCP, for every socket (both ends).
    Config::SetDefault("ns3::TcpSocket::SegmentSize", UintegerValue(g_segmentSize));
    Config::SetDefault("ns3::TcpSocket::InitialCwnd", UintegerValue(initialCwnd));
    Config::SetDefault("ns3::TcpSocket::DelAckCount", UintegerValue(delAckCount));
    Config::SetDefault("ns3::TcpSocket::DelAckTimeout", TimeValue(MilliSeconds(delAckTimeoutMs)));
    Config::SetDefault("ns3::TcpSocket::SndBufSize", UintegerValue(bufferBytes));
    Config::SetDefault("ns3::TcpSocket::RcvBufSize", UintegerValue(bufferBytes));
    Config::SetDefault("ns3::TcpSocketBase::MinRto", TimeValue(MilliSeconds(minRtoMs)));
    Config::SetDefault("ns3::TcpSocketBase::Timestamp", BooleanValue(timestamps));
    Config::SetDefault("ns3::TcpSocketBase::Sack", BooleanValue(sack));
    Config::SetDefault("ns3::TcpCubic::Beta", DoubleValue(cubicBeta));
    Config::SetDefault("ns3::TcpCubic::C", DoubleValue(cubicC));
    Config::SetDefault("ns3::TcpCubic::HyStart", BooleanValue(hystart));
    Config::SetDefault("ns3::TcpCubic::FastConvergence", BooleanValue(fastConvergence));
    Config::SetDefault("ns3::TcpCubic::TcpFriendliness", BooleanValue(friendliness));
    if (recovery == "classic")
    {
        Config::SetDefault("ns3::TcpL4Protocol::RecoveryType",
                           TypeIdValue(TcpClassicRecovery::GetTypeId()));
    }
    else
    {
        NS_ABORT_MSG_IF(recovery != "prr", "--recovery must be prr or classic");
    }

    NodeContainer senders;
    NodeContainer receivers;
    NodeContainer routers;
    senders.Create(n);
    receivers.Create(n);
    routers.Create(2);
    InternetStackHelper internet;
    internet.InstallAll();

    PointToPointHelper p2p;
    // One packet in the device: the queue disc above it holds the queue.
    p2p.SetQueue("ns3::DropTailQueue<Packet>", "MaxSize", StringValue("1p"));
    TrafficControlHelper accessQdisc;
    accessQdisc.SetRootQueueDisc("ns3::FifoQueueDisc",
                                 "MaxSize",
                                 QueueSizeValue(QueueSize(QueueSizeUnit::PACKETS, accessLimit - 1)));

    Ipv4AddressHelper address;
    std::vector<Ipv4Address> receiverAddress(n);
    for (size_t i = 0; i < n; i++)
    {
        p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(accessRateBps))));
        p2p.SetChannelAttribute("Delay", TimeValue(MicroSeconds(int64_t(acc[i] * 1e3))));
        NetDeviceContainer a = p2p.Install(senders.Get(i), routers.Get(0));
        accessQdisc.Install(a);
        std::ostringstream net;
        net << "10.1." << i + 1 << ".0";
        address.SetBase(net.str().c_str(), "255.255.255.0");
        address.Assign(a);

        p2p.SetChannelAttribute("Delay", TimeValue(MicroSeconds(int64_t(egr[i] * 1e3))));
        NetDeviceContainer e = p2p.Install(routers.Get(1), receivers.Get(i));
        accessQdisc.Install(e);
        std::ostringstream net2;
        net2 << "10.2." << i + 1 << ".0";
        address.SetBase(net2.str().c_str(), "255.255.255.0");
        receiverAddress[i] = address.Assign(e).GetAddress(1);
    }
    p2p.SetDeviceAttribute("DataRate", DataRateValue(DataRate(uint64_t(bottleneckRateBps))));
    p2p.SetChannelAttribute("Delay", TimeValue(MicroSeconds(int64_t(bottleneckDelayMs * 1e3))));
    NetDeviceContainer bn = p2p.Install(routers.Get(0), routers.Get(1));
    TrafficControlHelper bnQdisc =
        QueueDiscFor(queue, limit, targetMs, intervalMs, fqFlows, dropBatch);
    QueueDiscContainer qdiscs = bnQdisc.Install(bn);
    address.SetBase("10.3.1.0", "255.255.255.0");
    address.Assign(bn);
    Ipv4GlobalRoutingHelper::PopulateRoutingTables();

    // FqCoDelQueueDisc has no Quantum attribute; it takes the device MTU
    // when the quantum is still 0 at initialisation (Simulator::Run).
    if (queue == "fqcodel" && quantum > 0)
    {
        DynamicCast<FqCoDelQueueDisc>(qdiscs.Get(0))->SetQuantum(quantum);
        DynamicCast<FqCoDelQueueDisc>(qdiscs.Get(1))->SetQuantum(quantum);
    }

    g_bottleneck.qdisc = qdiscs.Get(0);
    g_bottleneck.device = DynamicCast<PointToPointNetDevice>(bn.Get(0));
    g_bottleneck.qdisc->TraceConnectWithoutContext("Enqueue", MakeCallback(&OnEnqueue));
    g_bottleneck.qdisc->TraceConnectWithoutContext("Drop", MakeCallback(&OnQdiscDrop));
    g_bottleneck.device->TraceConnectWithoutContext("PhyTxBegin", MakeCallback(&OnTxBegin));

    SystemPath::MakeDirectories(out);
    g_bottleneck.csv.open(out + "/link-bottleneck_a_b.csv");
    g_bottleneck.csv << "t_s,queue_packets,sojourn_ms,drops_packets\n";

    g_flows.resize(n);
    for (size_t i = 0; i < n; i++)
    {
        Flow& f = g_flows[i];
        f.id = idList[i];
        f.cc = ccList[i];
        f.startS = st[i];
        senders.Get(i)->GetObject<TcpL4Protocol>()->SetAttribute(
            "SocketType",
            TypeIdValue(CongestionTypeFor(f.cc)));
        uint16_t port = 5001;
        PacketSinkHelper sinkHelper("ns3::TcpSocketFactory",
                                    InetSocketAddress(Ipv4Address::GetAny(), port));
        ApplicationContainer sinkApp = sinkHelper.Install(receivers.Get(i));
        sinkApp.Start(Seconds(0));
        f.sink = DynamicCast<PacketSink>(sinkApp.Get(0));
        BulkSendHelper bulk("ns3::TcpSocketFactory", InetSocketAddress(receiverAddress[i], port));
        bulk.SetAttribute("MaxBytes", UintegerValue(0));
        bulk.SetAttribute("SendSize", UintegerValue(g_segmentSize));
        ApplicationContainer app = bulk.Install(senders.Get(i));
        app.Start(Seconds(f.startS));
        f.app = DynamicCast<BulkSendApplication>(app.Get(0));
        Simulator::Schedule(Seconds(f.startS) + NanoSeconds(1), &HookSocket, &f);
        f.csv.open(out + "/flow-" + f.id + ".csv");
        f.csv << "t_s,cwnd_segments,ssthresh_segments,delivered_bytes,state_code,timeouts_count\n";
    }

    Simulator::Schedule(Seconds(0), &Sample);
    Simulator::Stop(g_end + NanoSeconds(1));
    Simulator::Run();

    // Summary over [warmup, end]: goodput from the sampled delivered bytes,
    // mean cwnd of the samples, the sawtooth period as the mean interval
    // between window reductions, the mean queue and sojourn.
    std::ostringstream js;
    js << "{\"flows\":[";
    std::vector<double> goodputs;
    for (size_t i = 0; i < n; i++)
    {
        Flow& f = g_flows[i];
        f.csv.close();
        double goodput =
            f.t1 > f.t0 ? double(f.delivered1 - f.delivered0) * 8 / (f.t1 - f.t0) : 0.0;
        goodputs.push_back(goodput);
        std::vector<double> r;
        for (double t : f.reductions)
        {
            if (t >= g_warmupS)
            {
                r.push_back(t);
            }
        }
        double period = r.size() >= 2 ? (r.back() - r.front()) / double(r.size() - 1) : 0.0;
        js << (i ? "," : "") << "{\"id\":\"" << f.id << "\",\"cc\":\""
           << CongestionTypeFor(f.cc).GetName() << "\",\"goodput_bps\":" << Fmt(goodput)
           << ",\"mean_cwnd_segments\":"
           << Fmt(f.cwndSamples ? f.cwndSum / double(f.cwndSamples) : 0.0)
           << ",\"reductions\":" << r.size() << ",\"sawtooth_period_s\":" << Fmt(period)
           << ",\"timeouts\":" << f.timeouts << "}";
    }
    double sum = 0;
    double sq = 0;
    for (double g : goodputs)
    {
        sum += g;
        sq += g * g;
    }
    double jain = sq > 0 ? sum * sum / (double(n) * sq) : 0.0;
    Bottleneck& b = g_bottleneck;
    js << "],\"jain\":" << Fmt(jain) << ",\"mean_queue_packets\":"
       << Fmt(b.queueSamples ? b.queueSum / double(b.queueSamples) : 0.0)
       << ",\"mean_sojourn_ms\":"
       << Fmt(b.sojournCount ? b.sojournWeighted * 1e3 / double(b.sojournCount) : 0.0)
       << ",\"drops\":" << b.qdisc->GetStats().nTotalDroppedPackets << "}";
    b.csv.close();
    std::cout << js.str() << std::endl;
    Simulator::Destroy();
    return 0;
}
