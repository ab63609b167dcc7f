// libFuzzer target: see FuzzTargets::responsesStream().
#include "FuzzEntry.h"

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv)
{
    return Tandem::FuzzEntry::initialize(argc, argv);
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size)
{
    return Tandem::FuzzEntry::run(&Tandem::FuzzTargets::responsesStream, data, size);
}
