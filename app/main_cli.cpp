// tandem-cli: the headless commands without QtGui or QtWidgets (neither linked nor loaded). `tandem <command>` hands
// over to it; it hands export and import (their layout needs QtGui) back to `tandem`.
//
// This executable links nothing but the C library: `--version` answers before any library is mapped, and every other
// command loads the commands module (tandem-commands.so: QtCore, QtSql, QtNetwork, the keychain, the engine) and runs
// it. Mapping and relocating those libraries is most of what a short command costs, so only the commands that use
// them pay for them.
#include <climits>
#include <cstdio>
#include <cstring>
#include <dlfcn.h>
#include <string>
#include <unistd.h>

namespace {

/// This executable's folder, from /proc/self/exe (a symbolic link or PATH lookup still finds the real one).
std::string ownFolder()
{
    char self[PATH_MAX];
    const ssize_t length = ::readlink("/proc/self/exe", self, sizeof self - 1);
    if (length <= 0)
        return {};
    std::string path(self, std::size_t(length));
    return path.substr(0, path.rfind('/') + 1);
}

/// The commands module: beside this executable in the build tree, in the private library folder once installed.
void *openCommands(std::string &problem)
{
    const std::string folder = ownFolder();
    for (const char *relative : { "", TANDEM_COMMANDS_INSTALL_RELATIVE "/" }) {
        const std::string path = folder + relative + "tandem-commands.so";
        if (::access(path.c_str(), R_OK) != 0)
            continue;
        // Lazy: of the module's calls into Qt and the C++ runtime, a command binds only those it makes (a one-turn
        // run calls a fraction of them); the Qt libraries themselves are linked -z now and bind theirs whatever this.
        if (void *module = ::dlopen(path.c_str(), RTLD_LAZY | RTLD_LOCAL))
            return module;
        problem = ::dlerror();
        return nullptr;
    }
    problem = "tandem-commands.so is not installed beside " + folder;
    return nullptr;
}

} // namespace

int main(int argc, char *argv[])
{
    // `tandem-cli --version` alone: the answer needs no application object, settings, translations or library.
    if (argc == 2 && (std::strcmp(argv[1], "--version") == 0 || std::strcmp(argv[1], "-v") == 0)) {
        std::fputs("tandem " TANDEM_VERSION "\n", stdout);
        return std::fflush(stdout) == 0 ? 0 : 1;
    }
    std::string problem;
    void *module = openCommands(problem);
    using Entry = int (*)(int, char **);
    const auto entry = module ? reinterpret_cast<Entry>(::dlsym(module, "tandem_commands_main")) : nullptr;
    if (!entry) {
        // Exit code 1: this installation is broken (the storage-and-keychain class of "this machine" problems).
        std::fprintf(stderr, "tandem-cli: the commands cannot be loaded (%s); reinstall Tandem.\n",
            module ? "tandem_commands_main is missing" : problem.c_str());
        return 1;
    }
    return entry(argc, argv);
}
