#pragma once

#include <QLoggingCategory>

// One category for the sandbox layer; enable with QT_LOGGING_RULES="terrarium.vm.debug=true".
Q_DECLARE_LOGGING_CATEGORY(lcVm)
