#pragma once

#include "tests/TestPaths.h"

#include <QString>

namespace Terrarium::Tests {

// Directory of the test data (fixtures, golden files) in the source tree.
inline QString testDataDir()
{
    return QStringLiteral(TERRARIUM_TEST_DATA_DIR);
}

} // namespace Terrarium::Tests
