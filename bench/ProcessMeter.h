#pragma once

// Whole-process measurements for the benchmarks of separate programs (tandem-cli, a peer SDK): plain POSIX, no Qt,
// because the measuring process must stay small. Linux counts the parent's resident pages in a forked child's peak
// (ru_maxrss keeps the high-water mark of the memory the child had before execve()), so a benchmark that links Qt
// would inflate every figure it takes this way.

#include <sys/resource.h>
#include <sys/wait.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <ctime>
#include <string>
#include <unistd.h>
#include <vector>

namespace Tandem::Bench {

/// @brief What one child process cost, from wait4().
struct ProcessCost
{
    bool ok = false; ///< it ran and exited with 0
    double cpuMs = 0; ///< user + system CPU time
    double maxRssMiB = 0; ///< peak resident memory
    double wallMs = 0; ///< from fork() to wait4()'s return
};

/// @brief Runs @p argv (argv[0] a path) to its end with its output thrown away (or written to @p stdoutPath) and its
/// standard input read from @p stdinPath (null: this process's); its cost.
inline ProcessCost measureProcess(
    const std::vector<std::string> &argv, const char *stdoutPath = "/dev/null", const char *stdinPath = nullptr)
{
    std::vector<char *> args;
    for (const std::string &arg : argv)
        args.push_back(const_cast<char *>(arg.c_str()));
    args.push_back(nullptr);
    timespec start {};
    ::clock_gettime(CLOCK_MONOTONIC, &start);
    const pid_t pid = ::fork();
    if (pid == 0) {
        if (stdinPath) {
            FILE *in = std::freopen(stdinPath, "r", stdin);
            (void)in;
        }
        FILE *out = std::freopen(stdoutPath, "w", stdout);
        FILE *err = std::freopen("/dev/null", "w", stderr);
        (void)out;
        (void)err;
        ::execv(args[0], args.data());
        ::_exit(127);
    }
    ProcessCost cost;
    int status = 0;
    rusage usage {};
    if (pid < 0 || ::wait4(pid, &status, 0, &usage) != pid)
        return cost;
    timespec end {};
    ::clock_gettime(CLOCK_MONOTONIC, &end);
    cost.wallMs = double(end.tv_sec - start.tv_sec) * 1000.0 + double(end.tv_nsec - start.tv_nsec) / 1e6;
    cost.ok = WIFEXITED(status) && WEXITSTATUS(status) == 0;
    cost.cpuMs = double(usage.ru_utime.tv_sec + usage.ru_stime.tv_sec) * 1000.0
        + double(usage.ru_utime.tv_usec + usage.ru_stime.tv_usec) / 1000.0;
    cost.maxRssMiB = double(usage.ru_maxrss) / 1024.0;
    return cost;
}

/// @brief A program running beside the benchmark (the fake LLM server): started with its standard output on a pipe,
/// stopped by the destructor.
class BackgroundProcess
{
public:
    explicit BackgroundProcess(const std::vector<std::string> &argv)
    {
        int fds[2];
        if (::pipe(fds) != 0)
            return;
        std::vector<char *> args;
        for (const std::string &arg : argv)
            args.push_back(const_cast<char *>(arg.c_str()));
        args.push_back(nullptr);
        m_pid = ::fork();
        if (m_pid == 0) {
            ::dup2(fds[1], 1);
            ::close(fds[0]);
            FILE *err = std::freopen("/dev/null", "w", stderr);
            (void)err;
            ::execv(args[0], args.data());
            ::_exit(127);
        }
        ::close(fds[1]);
        m_out = ::fdopen(fds[0], "r");
    }
    ~BackgroundProcess()
    {
        if (m_pid > 0) {
            ::kill(m_pid, SIGTERM);
            ::waitpid(m_pid, nullptr, 0);
        }
        if (m_out)
            std::fclose(m_out);
    }
    BackgroundProcess(const BackgroundProcess &) = delete;
    BackgroundProcess &operator=(const BackgroundProcess &) = delete;

    /// @brief The next line it printed, without its newline; empty at the end.
    std::string readLine()
    {
        char line[4096];
        if (!m_out || !std::fgets(line, sizeof line, m_out))
            return {};
        std::string text(line);
        while (!text.empty() && (text.back() == '\n' || text.back() == '\r'))
            text.pop_back();
        return text;
    }
    /// @brief Its CPU time so far in ms (utime + stime of /proc/<pid>/stat), -1 if unknown.
    double cpuMs() const
    {
        const std::string path = "/proc/" + std::to_string(m_pid) + "/stat";
        FILE *stat = std::fopen(path.c_str(), "r");
        if (!stat)
            return -1;
        char buffer[2048] = {};
        const size_t read = std::fread(buffer, 1, sizeof buffer - 1, stat);
        std::fclose(stat);
        const char *close = std::strrchr(buffer, ')');
        if (!close || read == 0)
            return -1;
        unsigned long utime = 0;
        unsigned long stime = 0;
        // After "(comm)": state ppid pgrp session tty_nr tpgid flags minflt cminflt majflt cmajflt utime stime
        if (std::sscanf(close + 2, "%*c %*d %*d %*d %*d %*d %*u %*u %*u %*u %*u %lu %lu", &utime, &stime) != 2)
            return -1;
        return double(utime + stime) * 1000.0 / double(::sysconf(_SC_CLK_TCK));
    }

private:
    pid_t m_pid = -1;
    FILE *m_out = nullptr;
};

/// @brief The median, smallest and largest of @p values, as "median (min–max)" with @p digits decimals.
inline std::string spread(std::vector<double> values, int digits = 1)
{
    if (values.empty())
        return "-";
    std::sort(values.begin(), values.end());
    const double median = values.size() % 2 ? values[values.size() / 2]
                                            : (values[values.size() / 2 - 1] + values[values.size() / 2]) / 2;
    char text[128];
    std::snprintf(text, sizeof text, "%.*f (%.*f–%.*f)", digits, median, digits, values.front(), digits, values.back());
    return text;
}

} // namespace Tandem::Bench
