// The headless binary as whole processes: `tandem-cli --version`, and a one-turn dual `tandem-cli run` against the
// fake LLM server in a process of its own (loopback HTTP, answering at once). CPU (user + system) and peak resident
// memory of the child from wait4(); each figure the median of several runs with the smallest and largest.
// Budgets (docs/architecture.md): --version <= 5 ms of CPU and <= 10 MiB; a one-turn dual run at most the floor
// process (bench_qtfloor --once, measured in the same run, alternating) + 4 MiB and 1.5 × its CPU (issue #29).
// `tandem run` (which starts as the full binary and hands over to tandem-cli) is printed beside them.
// This program links no Qt on purpose (bench/ProcessMeter.h says why).

#include "ProcessMeter.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace Tandem::Bench;

namespace {

constexpr int kRuns = 11;

std::string makeTemporaryFolder()
{
    const char *base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/tandem-bench-XXXXXX";
    return ::mkdtemp(pattern.data()) ? pattern : std::string();
}

/// The fake server's script: @p turns dual turns, each a handoff from agent 1 and agent 2's answer.
bool writeScript(const std::string &path, int turns)
{
    FILE *file = std::fopen(path.c_str(), "w");
    if (!file)
        return false;
    std::fputs("[", file);
    for (int i = 0; i < turns; ++i)
        std::fprintf(file,
            "%s{\"text\": [\"HANDOFF_AGENT2\\nWrite a haiku about rain.\"]},"
            "{\"text\": [\"Rain on the roof, \", \"a kettle sings, \", \"the cat sleeps on.\"]}",
            i ? "," : "");
    std::fputs("]\n", file);
    return std::fclose(file) == 0;
}

void report(const char *what, const std::vector<ProcessCost> &costs, const char *budget)
{
    std::vector<double> cpu;
    std::vector<double> rss;
    int failed = 0;
    for (const ProcessCost &cost : costs) {
        if (!cost.ok) {
            ++failed;
            continue;
        }
        cpu.push_back(cost.cpuMs);
        rss.push_back(cost.maxRssMiB);
    }
    std::printf("%s: CPU %s ms, peak RSS %s MiB, median (min–max) of %zu runs%s (budget %s)\n", what,
        spread(cpu, 2).c_str(), spread(rss, 1).c_str(), cpu.size(), failed ? " — SOME RUNS FAILED" : "", budget);
    std::fflush(stdout);
}

double medianOf(std::vector<double> values)
{
    std::sort(values.begin(), values.end());
    return values.empty() ? 0.0 : values[values.size() / 2];
}

/// Prints the one-turn run's medians against the floor's of the same run, with the budget's verdict.
void reportAgainstFloor(const std::vector<ProcessCost> &runs, const std::vector<ProcessCost> &floor)
{
    std::vector<double> cpu[2];
    std::vector<double> rss[2];
    for (int side = 0; side < 2; ++side)
        for (const ProcessCost &cost : side == 0 ? runs : floor)
            if (cost.ok) {
                cpu[side].push_back(cost.cpuMs);
                rss[side].push_back(cost.maxRssMiB);
            }
    const double cpuRatio = medianOf(cpu[0]) / medianOf(cpu[1]);
    const double extraMiB = medianOf(rss[0]) - medianOf(rss[1]);
    std::printf("tandem-cli run against the floor (medians of the same run): %.2f × its CPU (budget 1.5 ×: %s), "
                "%+.1f MiB peak (budget + 4 MiB: %s)\n",
        cpuRatio, cpuRatio <= 1.5 ? "met" : "NOT MET", extraMiB, extraMiB <= 4.0 ? "met" : "NOT MET");
    std::fflush(stdout);
}

} // namespace

int main()
{
    const std::string folder = makeTemporaryFolder();
    if (folder.empty()) {
        std::fprintf(stderr, "no temporary folder\n");
        return 1;
    }
    // The processes see a home of their own: no settings, agents or keys of the person running this.
    ::setenv("HOME", folder.c_str(), 1);
    ::setenv("XDG_CONFIG_HOME", (folder + "/config").c_str(), 1);
    ::setenv("XDG_DATA_HOME", (folder + "/data").c_str(), 1);
    ::setenv("XDG_RUNTIME_DIR", folder.c_str(), 1);
    ::unsetenv("DISPLAY");
    ::unsetenv("WAYLAND_DISPLAY");
    ::unsetenv("QT_QPA_PLATFORM");
    ::unsetenv("QT_LOGGING_RULES");

    const std::string cli = TANDEM_CLI_PATH;
    const std::string tandem = TANDEM_PATH;
    std::vector<ProcessCost> version;
    for (int i = 0; i < kRuns + 1; ++i) {
        const ProcessCost cost = measureProcess({ cli, "--version" });
        if (i > 0) // the first run reads the files from disk
            version.push_back(cost);
    }
    report("tandem-cli --version, whole process", version, "5 ms, 10 MiB");

    const std::string script = folder + "/replies.json";
    if (!writeScript(script, 4 * (kRuns + 1))) {
        std::fprintf(stderr, "cannot write %s\n", script.c_str());
        return 1;
    }
    BackgroundProcess server({ TANDEM_HELPER_FAKELLM_PATH, "--script", script });
    const std::string listening = server.readLine();
    const std::string url = listening.substr(listening.rfind(' ') + 1);
    if (url.rfind("http://", 0) != 0) {
        std::fprintf(stderr, "the fake LLM server did not start\n");
        return 1;
    }
    const std::string data = folder + "/db";
    const auto dualRun = [&](const std::string &program) {
        return measureProcess({ program, "--data-dir", data, "run", "--mode", "dual", "--provider", url, "--model",
            "fake-model", "A poem about rain, please" });
    };
    std::vector<ProcessCost> runs;
    const ProcessCost first = dualRun(cli); // creates the database: not a turn's cost
    if (!first.ok) {
        std::fprintf(stderr, "the first dual run failed\n");
        return 1;
    }
    report("one-turn dual run, first in a new database (creates it)", { first }, "-");
    // The floor: a Qt program with no Tandem code making the same two streamed requests and writing five rows
    // (bench/bench_qtfloor.cpp), as a whole process: what QtCore, QtNetwork, QtSql and SQLite cost by themselves. Its
    // runs alternate with tandem-cli's, so that both meet the same load of a shared machine.
    std::vector<ProcessCost> floor;
    for (int i = 0; i < kRuns; ++i) {
        runs.push_back(dualRun(cli));
#ifdef TANDEM_QTFLOOR_PATH
        floor.push_back(measureProcess({ TANDEM_QTFLOOR_PATH, "--once", url, folder + "/floor.sqlite" }));
#endif
    }
    report("tandem-cli run --mode dual (one turn), whole process", runs, "the floor + 4 MiB, 1.5 × its CPU");
#ifdef TANDEM_QTFLOOR_PATH
    report(
        "the floor: a Qt program with no Tandem code, the same two requests and five rows, whole process", floor, "-");
    reportAgainstFloor(runs, floor);
#endif
    std::vector<ProcessCost> handedOver;
    for (int i = 0; i < kRuns; ++i)
        handedOver.push_back(dualRun(tandem));
    report("tandem run --mode dual (hands over to tandem-cli), whole process", handedOver, "-");
    std::printf("the fake server's own CPU (not counted above): %.0f ms\n", server.cpuMs());

    // The peer: the same dual turn with the OpenAI Agents SDK for JavaScript (bench/peers, `npm ci` there first),
    // its handoff a tool call as that SDK makes it, against a fake server of its own.
    const std::string peers = TANDEM_PEERS_DIR;
    const std::string node = "/usr/bin/node";
    if (::access(node.c_str(), X_OK) == 0 && ::access((peers + "/node_modules/@openai/agents").c_str(), F_OK) == 0) {
        const std::string peerScript = folder + "/peer-replies.json";
        FILE *file = std::fopen(peerScript.c_str(), "w");
        if (!file)
            return 1;
        std::fputs("[", file);
        for (int i = 0; i < kRuns + 1; ++i)
            std::fprintf(file,
                "%s{\"toolCalls\": [{\"callId\": \"call_%d\", \"name\": \"transfer_to_agent2\", \"arguments\": "
                "\"{}\"}]},{\"text\": [\"Rain on the roof, \", \"a kettle sings, \", \"the cat sleeps on.\"]}",
                i ? "," : "", i);
        std::fputs("]\n", file);
        std::fclose(file);
        BackgroundProcess peerServer({ TANDEM_HELPER_FAKELLM_PATH, "--script", peerScript });
        const std::string peerListening = peerServer.readLine();
        const std::string peerUrl = peerListening.substr(peerListening.rfind(' ') + 1);
        std::vector<ProcessCost> peer;
        for (int i = 0; i < kRuns + 1; ++i) {
            const ProcessCost cost = measureProcess({ node, peers + "/dualturn.mjs", peerUrl });
            if (i > 0)
                peer.push_back(cost);
        }
        report("OpenAI Agents SDK for JavaScript (@openai/agents), one dual turn, whole node process", peer, "-");
    } else {
        std::printf("the peer (bench/peers) is left out: run `npm ci` in bench/peers (and have /usr/bin/node)\n");
    }
    const std::string cleanup = "rm -rf '" + folder + "'";
    return std::system(cleanup.c_str()) == 0 ? 0 : 1;
}
