// A long conversation side by side with the OpenAI Agents SDK for JavaScript: 200 dual-agent turns (agent 1 hands
// over, agent 2 answers) in one conversation, in one process, the whole history carried into each turn, on Chat
// Completions (the SDK's protocol here, which sends the whole thread each time), each against the fake LLM server in
// a process of its own that answers at once over loopback HTTP.
//   Tandem: `tandem-cli chat --mode dual`, the 200 messages a line each on standard input: one process that keeps the
//   conversation in its database and sends each agent's thread, as a person's long `tandem chat` does.
//   The peer: bench/peers/longdual.mjs (`npm ci` there first): one node process that runs the two agents 200 times,
//   carrying result.history into the next turn; its server's script checks that each request carries the first
//   turn's message, the previous one's and its own.
// Both are measured as whole processes (CPU user + system, wall, peak resident memory from wait4()), alternately,
// and each figure is the median of the runs with the smallest and largest; the ratios are of the medians. The load
// average is printed with them: the figures are only as quiet as the machine. Goal (issue #29): Tandem at least 20×
// less CPU. This program links no Qt on purpose (bench/ProcessMeter.h says why).

#include "ProcessMeter.h"

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <vector>

using namespace Tandem::Bench;

namespace {

constexpr int kTurns = 200;
constexpr int kRuns = 3;

std::string makeTemporaryFolder()
{
    const char *base = std::getenv("TMPDIR");
    std::string pattern = std::string(base && *base ? base : "/tmp") + "/tandem-bench-XXXXXX";
    return ::mkdtemp(pattern.data()) ? pattern : std::string();
}

std::string message(int turn)
{
    char text[128];
    std::snprintf(text, sizeof text, "Q%d: a haiku about rain, please, with a word about the season.", turn);
    return text;
}

bool writeMessages(const std::string &path)
{
    FILE *file = std::fopen(path.c_str(), "w");
    if (!file)
        return false;
    for (int turn = 1; turn <= kTurns; ++turn)
        std::fprintf(file, "%s\n", message(turn).c_str());
    return std::fclose(file) == 0;
}

/// The peer's script: for each turn agent 1's handoff (the SDK's transfer tool call) and agent 2's answer, each
/// given only to a request whose user messages carry the first turn's message, the previous turn's and its own.
bool writePeerScript(const std::string &path)
{
    FILE *file = std::fopen(path.c_str(), "w");
    if (!file)
        return false;
    std::fputs("[", file);
    for (int turn = 1; turn <= kTurns; ++turn) {
        char expected[64];
        std::snprintf(expected, sizeof expected, "[\"Q1:\", \"Q%d:\", \"Q%d:\"]", turn > 1 ? turn - 1 : 1, turn);
        std::fprintf(file,
            "%s{\"toolCalls\": [{\"callId\": \"call_%d\", \"name\": \"transfer_to_agent2\", \"arguments\": \"{}\"}], "
            "\"expectUserText\": %s},\n{\"text\": [\"Rain on the roof, \", \"a kettle sings, \", \"the cat sleeps "
            "on.\"], \"expectUserText\": %s}",
            turn > 1 ? "," : "", turn, expected, expected);
    }
    std::fputs("]\n", file);
    return std::fclose(file) == 0;
}

std::string fileText(const std::string &path)
{
    std::string text;
    FILE *file = std::fopen(path.c_str(), "r");
    if (!file)
        return text;
    char buffer[65536];
    size_t read = 0;
    while ((read = std::fread(buffer, 1, sizeof buffer, file)) > 0)
        text.append(buffer, read);
    std::fclose(file);
    return text;
}

/// The base URL a fake server printed, empty if it did not start.
std::string urlOf(BackgroundProcess &server)
{
    const std::string listening = server.readLine();
    const size_t space = listening.rfind(' ');
    const std::string url = space == std::string::npos ? std::string() : listening.substr(space + 1);
    return url.rfind("http://", 0) == 0 ? url : std::string();
}

struct Side
{
    std::vector<double> cpu;
    std::vector<double> wall;
    std::vector<double> rss;
    std::vector<double> serverCpu; ///< the fake server's own, not counted above
    int failed = 0;

    void add(const ProcessCost &cost, bool answered)
    {
        if (!cost.ok || !answered) {
            ++failed;
            return;
        }
        cpu.push_back(cost.cpuMs);
        wall.push_back(cost.wallMs);
        rss.push_back(cost.maxRssMiB);
    }
};

double median(std::vector<double> values)
{
    if (values.empty())
        return 0;
    std::sort(values.begin(), values.end());
    const size_t half = values.size() / 2;
    return values.size() % 2 ? values[half] : (values[half - 1] + values[half]) / 2;
}

void report(const char *what, const Side &side)
{
    std::printf("%s: CPU %s ms (%.2f ms a turn), wall %s ms, peak RSS %s MiB, median (min–max) of %zu runs%s; the "
                "fake server's own CPU %s ms\n",
        what, spread(side.cpu, 0).c_str(), median(side.cpu) / kTurns, spread(side.wall, 0).c_str(),
        spread(side.rss, 1).c_str(), side.cpu.size(), side.failed ? " — SOME RUNS FAILED" : "",
        spread(side.serverCpu, 0).c_str());
}

void printLoad(const char *when)
{
    double load[3] = {};
    if (::getloadavg(load, 3) == 3)
        std::printf("load average %s: %.2f %.2f %.2f\n", when, load[0], load[1], load[2]);
    std::fflush(stdout);
}

/// One `tandem-cli chat` of the 200 messages in a database of its own, made beforehand by a one-turn run (a new
/// database is an installation's cost, not a conversation's).
void runTandem(Side &side, const std::string &folder, int run, const std::string &protocol)
{
    BackgroundProcess server({ TANDEM_HELPER_FAKELLM_PATH, "--dual" });
    const std::string url = urlOf(server);
    const std::string data = folder + "/db-" + protocol + std::to_string(run);
    const std::vector<std::string> options
        = { "--mode", "dual", "--provider", url, "--protocol", protocol, "--model", "fake-model" };
    std::vector<std::string> first = { TANDEM_CLI_PATH, "--data-dir", data, "run" };
    first.insert(first.end(), options.begin(), options.end());
    first.push_back("Q0: hello");
    std::vector<std::string> chat = { TANDEM_CLI_PATH, "--data-dir", data, "chat" };
    chat.insert(chat.end(), options.begin(), options.end());
    const std::string out = folder + "/tandem.out";
    if (url.empty() || !measureProcess(first).ok) {
        side.add({}, false);
        return;
    }
    const ProcessCost cost = measureProcess(chat, out.c_str(), (folder + "/messages.txt").c_str());
    // The fake server's --dual answers agent 2 with "Answer: " and the payload agent 1 handed over.
    side.add(cost, fileText(out).find("Answer: P: " + message(kTurns)) != std::string::npos);
    side.serverCpu.push_back(server.cpuMs());
}

void runPeer(Side &side, const std::string &folder, const std::string &script)
{
    BackgroundProcess server({ TANDEM_HELPER_FAKELLM_PATH, "--script", folder + "/peer-replies.json" });
    const std::string url = urlOf(server);
    const std::string out = folder + "/peer.out";
    const ProcessCost cost = url.empty()
        ? ProcessCost {}
        : measureProcess({ "/usr/bin/node", script, url, std::to_string(kTurns) }, out.c_str());
    const std::string last = "turns " + std::to_string(kTurns) + ", history " + std::to_string(4 * kTurns) + " items";
    side.add(cost, fileText(out).find(last) != std::string::npos);
    side.serverCpu.push_back(server.cpuMs());
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

    const std::string script = std::string(TANDEM_PEERS_DIR) + "/longdual.mjs";
    const bool withPeer = ::access("/usr/bin/node", X_OK) == 0
        && ::access((std::string(TANDEM_PEERS_DIR) + "/node_modules/@openai/agents").c_str(), F_OK) == 0;
    if (!writeMessages(folder + "/messages.txt") || !writePeerScript(folder + "/peer-replies.json")) {
        std::fprintf(stderr, "cannot write in %s\n", folder.c_str());
        return 1;
    }
    std::printf("%d dual turns in one conversation, one process, the history carried, the fake server in its own "
                "process\n",
        kTurns);
    printLoad("before");
    Side tandem;
    Side tandemResponses;
    Side peer;
    for (int run = 0; run < kRuns; ++run) {
        runTandem(tandem, folder, run, "chat");
        if (withPeer)
            runPeer(peer, folder, script);
        runTandem(tandemResponses, folder, run, "responses");
    }
    report("Tandem, tandem-cli chat --mode dual, Chat Completions", tandem);
    if (withPeer)
        report("OpenAI Agents SDK for JavaScript (@openai/agents), node longdual.mjs, Chat Completions", peer);
    else
        std::printf("the peer (bench/peers) is left out: run `npm ci` in bench/peers (and have /usr/bin/node)\n");
    report(
        "Tandem on the Responses API (the server holds the thread; the peer has no run of it here)", tandemResponses);
    if (withPeer && !tandem.cpu.empty() && !peer.cpu.empty())
        std::printf("ratio peer / Tandem (Chat Completions): CPU %.1f×, wall %.1f×, peak RSS %.1f× (goal: CPU ≥ 20×)\n",
            median(peer.cpu) / median(tandem.cpu), median(peer.wall) / median(tandem.wall),
            median(peer.rss) / median(tandem.rss));
    printLoad("after");
    const bool failed = tandem.failed || peer.failed || tandemResponses.failed;
    const std::string cleanup = "rm -rf '" + folder + "'";
    return std::system(cleanup.c_str()) == 0 && !failed ? 0 : 1;
}
