#include <iostream>
#include <limits>
#include <cmath>
using namespace std;
// ЛР 2 (повторна здача). Трикутник за трьома сторонами: перевірка введення
double readPositive(const char* prompt){
    double v;
    while(true){
        cout<<prompt;
        cin>>v;
        if(cin.fail()){
            cin.clear();
            cin.ignore(numeric_limits<streamsize>::max(),'\n');
            cout<<"Це не число, повторіть введення"<<endl;
            continue;
        }
        if(v<=0){cout<<"Сторона має бути > 0"<<endl;continue;}
        cin.ignore(numeric_limits<streamsize>::max(),'\n');
        return v;
    }
}
int main(){
    setlocale(LC_ALL,"Ukrainian");
    double a=readPositive("a = ");
    double b=readPositive("b = ");
    double c=readPositive("c = ");
    if(a+b<=c||a+c<=b||b+c<=a){
        cout<<"Трикутник не існує"<<endl;
    }else{
        double p=(a+b+c)/2;
        double s=sqrt(p*(p-a)*(p-b)*(p-c));
        cout<<"Периметр = "<<2*p<<endl;
        cout<<"Площа = "<<s<<endl;
        if(a==b&&b==c) cout<<"Рівносторонній"<<endl;
        else if(a==b||b==c||a==c) cout<<"Рівнобедрений"<<endl;
        else cout<<"Різносторонній"<<endl;
    }
    cin.get();
    return 0;
}
